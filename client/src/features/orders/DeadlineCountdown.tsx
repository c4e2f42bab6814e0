// A payment deadline with a live countdown (the hold of a bank-transfer order, a one-time account's
// expiry), apart from the transfer details so that checkout, before an order exists, does without it.
import { formatCountdown, useNow } from "../../lib/time.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

/** A deadline with a live countdown: what happens by then, and what it means once it has passed. */
export function DeadlineCountdown({ until, intro, over, note }: { until: string; intro: string; over: string; note?: string }) {
  const now = useNow(1000);
  const left = Date.parse(until) - now;
  return (
    <div className={left > 0 ? "pay-by-transfer__hold" : "pay-by-transfer__hold pay-by-transfer__hold--over"}>
      <p>
        {intro} <strong>{formatLagosTime(until)}</strong>.
      </p>
      {left > 0 ? (
        <p>
          Time left to pay: <strong className="pay-by-transfer__countdown" role="timer" aria-live="off">{formatCountdown(left)}</strong>
        </p>
      ) : (
        <p role="alert">{over}</p>
      )}
      {note && <p className="pay-by-transfer__note">{note}</p>}
    </div>
  );
}
