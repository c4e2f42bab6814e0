// Lagos date-time fields (drops' "Goes live at"): the reading half of lagos-time.ts, in its own
// module so that the storefront's shared chunk, which formats times on every route, does not carry
// what only the admin's dialog and the server use (bundle budget). Same fixed UTC+1.
import { LAGOS_OFFSET_MS, lagosClock } from "./lagos-time.ts";

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant an admin means by a Lagos wall-clock time as a date-time field gives it
 *  ("2026-11-26T19:00" → 18:00 UTC); null when it is not such a time or not a real date. */
export function parseLagosDateTimeInput(text: string): Date | null {
  const match = LOCAL_INPUT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hours > 23 || minutes > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // 31 Feb rolls over into March: not a date anybody meant.
  if (new Date(wall).getUTCDate() !== day) return null;
  return new Date(wall - LAGOS_OFFSET_MS);
}

/** The Lagos calendar day of an instant as a date field gives it ("2026-11-26"): 23:30 UTC is
 *  already the next day in Lagos. */
export function toLagosDateInput(value: Date | string): string {
  return lagosClock(value).toISOString().slice(0, 10);
}

/** The value of a date-time field showing an instant in Lagos time ("2026-11-26T19:00"). */
export function toLagosDateTimeInput(value: Date | string): string {
  return lagosClock(value).toISOString().slice(0, 16);
}
