// Every time the shop shows (pages, admin, emails) is Lagos time, in one format, whatever the clock
// of the phone or the server says. Nigeria keeps West Africa Time all year (UTC+1, no daylight
// saving), so a fixed shift is exact and needs neither Intl's time-zone data nor the device's zone.
export const LAGOS_OFFSET_MS = 3_600_000;
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The Lagos wall clock of an instant, read through the UTC getters of a shifted Date. */
export const lagosClock = (value: Date | string) => new Date(new Date(value).getTime() + LAGOS_OFFSET_MS);

/** "24 Nov 2026" (the Lagos calendar day). */
export function formatLagosDate(value: Date | string): string {
  const d = lagosClock(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Tue 24 Nov 2026, 12:30 AM (Lagos time)". */
export function formatLagosTime(value: Date | string): string {
  const d = lagosClock(value);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, "0");
  return `${DAYS[d.getUTCDay()]} ${formatLagosDate(value)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"} (Lagos time)`;
}
