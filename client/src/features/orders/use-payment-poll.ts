// While an order waits for a provider payment (a one-time account, a card checkout), its page asks the
// server again by itself, so "Paid" shows within seconds of the provider's webhook without a reload
// (issue 40). Backoff: 2 s at first, growing to 8 s; after ten minutes of waiting once a minute. When
// the tab comes back into view (the shopper returns from their bank app) it asks at once and starts
// over. A hidden tab is not polled. Stops as soon as the order no longer waits.
import { useEffect, useRef } from "react";

const FIRST_MS = 2_000;
const MAX_MS = 8_000;
const PATIENT_AFTER_MS = 10 * 60_000;
const PATIENT_MS = 60_000;

export function usePaymentPoll(waiting: boolean, refresh: (() => unknown) | undefined): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const polling = waiting && refresh !== undefined;
  useEffect(() => {
    if (!polling) return;
    let started = Date.now();
    let delay = FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => Promise.resolve(latest.current?.()).catch(() => undefined);
    const next = () => {
      timer = setTimeout(async () => {
        if (document.visibilityState === "visible") await ask();
        delay = Date.now() - started > PATIENT_AFTER_MS ? PATIENT_MS : Math.min(delay * 1.5, MAX_MS);
        next();
      }, delay);
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(timer);
      started = Date.now();
      delay = FIRST_MS;
      void ask();
      next();
    };
    next();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [polling]);
}
