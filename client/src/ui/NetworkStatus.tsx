// What a page shows when the shop cannot be reached, so a network failure never looks like an empty
// shop: <LoadError> in place of the page's data (Retry asks again), <OfflineNotice> in the layout.
import { useSyncExternalStore } from "react";

export function LoadError({ retry, message = "Could not reach the shop. Check your connection and try again." }: { retry: () => unknown; message?: string }) {
  return (
    <div className="container page-status" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={() => void Promise.resolve(retry()).catch(() => undefined)}>
        Retry
      </button>
    </div>
  );
}

function onConnectivityChange(notify: () => void) {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
}

export function OfflineNotice() {
  const online = useSyncExternalStore(onConnectivityChange, () => navigator.onLine);
  return online ? null : (
    <p className="offline-notice" role="status">
      You are offline. Pages will load again when your connection is back.
    </p>
  );
}
