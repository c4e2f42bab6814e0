// The next drop on the home page (decision 020): when it goes live (Lagos time), a countdown, how
// many pieces in which categories, and "email me when it drops". The first render shows no
// countdown digits (placeholders of the same width), so it is the same on the server and in the
// browser whatever either clock says; the count starts after mount and never moves the layout.
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { ActionButton } from "../../ui/ActionButton.tsx";

export interface DropInfo {
  at: string;
  productCount: number;
  categories: string[];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Days, hours, minutes and seconds left, or null once the time has come. */
export function timeLeft(at: string, now: number): [number, number, number, number] | null {
  const ms = Date.parse(at) - now;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  return [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
}

function Countdown({ at }: { at: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  const left = now === null ? undefined : timeLeft(at, now);
  if (left === null) {
    return (
      <p className="drop__live">
        It&apos;s live! <Link to="/products">Shop the drop</Link>
      </p>
    );
  }
  const units = ["days", "hrs", "min", "sec"] as const;
  return (
    // role="timer" is not announced on every tick; the time above is the accessible statement.
    <div className="drop__countdown" role="timer" aria-label="Time left until the drop" data-testid="drop-countdown">
      {units.map((unit, i) => (
        <span key={unit} className="drop__unit">
          <span className="drop__digits">{left ? pad(left[i]!) : "--"}</span>
          <span className="drop__label">{unit}</span>
        </span>
      ))}
    </div>
  );
}

function NotifyForm() {
  const apollo = useApolloClient();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { requestDropReminder } = await import("./remind-drop.ts");
      setMessage(await requestDropReminder(apollo, email, consent));
    } catch {
      setMessage({ ok: false, text: "Could not save your request. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="drop__form" onSubmit={onSubmit} noValidate>
      <label className="drop__email">
        Email me when it drops
        <input type="email" autoComplete="email" inputMode="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="drop__consent">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        Send me one email when this drop goes live. Every email has an unsubscribe link.
      </label>
      <ActionButton type="submit" className="button button--gold" disabled={busy}>
        {busy ? "Saving..." : "Remind me"}
      </ActionButton>
      <p className={message?.ok === false ? "drop__message drop__message--error" : "drop__message"} role="status">
        {message?.text}
      </p>
    </form>
  );
}

export function NextDrop({ drop }: { drop: DropInfo }) {
  const pieces = drop.productCount === 1 ? "1 piece" : `${drop.productCount} pieces`;
  return (
    <section className="container drop" aria-labelledby="drop-title">
      <h2 id="drop-title">Next drop</h2>
      <p className="drop__when">
        Goes live <time dateTime={drop.at}>{formatLagosTime(drop.at)}</time>
      </p>
      <Countdown at={drop.at} />
      <p className="drop__what">
        {pieces}
        {drop.categories.length ? ` in ${drop.categories.join(", ")}` : ""}. First come, first served.
      </p>
      <NotifyForm />
    </section>
  );
}
