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

/** Whether the browser says it is online (false is reliable; true may still mean a dead network). */
export function useOnline(): boolean {
  // On a server render there is no navigator: assume online, as the first browser render does.
  return useSyncExternalStore(onConnectivityChange, () => navigator.onLine, () => true);
}

export function OfflineNotice() {
  const online = useOnline();
  return online ? null : (
    <p className="offline-notice" role="status">
      You are offline. Pages will load again when your connection is back.
    </p>
  );
}
