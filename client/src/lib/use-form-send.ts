// The send step of the shopper's forms that upload files about an order before a mutation (the
// transfer receipt, a claim with photos): check the fields first, then send with the button busy.
// The form shows one problem at a time: the check's, the server's refusal, or what was thrown (an
// upload's failure carries the server's words).
import { useState, type FormEvent } from "react";

export interface FormSend {
  /** The first problem with the fields, or null to send. */
  check: () => string | null;
  /** Uploads and submits; answers the server's refusal, or null once done. */
  send: () => Promise<string | null>;
  /** Shown when sending throws something that is not an Error. */
  failure: string;
}

export function useFormSend({ check, send, failure }: FormSend) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const refused = await send();
      if (refused) setError(refused);
    } catch (e) {
      setError(e instanceof Error ? e.message : failure);
    } finally {
      setBusy(false);
    }
  }

  return { error, setError, busy, onSubmit };
}
