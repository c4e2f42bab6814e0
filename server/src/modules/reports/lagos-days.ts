// Lagos days for the owner's figures and exports. Africa/Lagos is UTC+1 all year (no daylight
// saving), so a fixed offset is exact and needs no time-zone database (PGlite has none to rely on).
import { LAGOS_OFFSET_MS, lagosClock } from "../../../../common/lagos-time.ts";

const DAY = 24 * 3_600_000;

/** The instant the Lagos day containing `at` began (23:00 UTC the evening before). */
export function lagosMidnight(at: Date): Date {
  const local = at.getTime() + LAGOS_OFFSET_MS;
  return new Date(Math.floor(local / DAY) * DAY - LAGOS_OFFSET_MS);
}

/** [start, end) of the last `days` Lagos days up to `asOf`: today counts as the first day. */
export function lastLagosDays(asOf: Date, days: number): { from: Date; to: Date } {
  return { from: new Date(lagosMidnight(asOf).getTime() - (days - 1) * DAY), to: asOf };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD Lagos date as the instant its day begins, or null when it is not a real date. */
export function lagosDateStart(text: string): Date | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** Inclusive Lagos dates from..to as the half-open instant range [start, end). */
export function lagosDateRange(from: string, to: string): { start: Date; end: Date } | null {
  const start = lagosDateStart(from);
  const last = lagosDateStart(to);
  if (!start || !last || last.getTime() < start.getTime()) return null;
  return { start, end: new Date(last.getTime() + DAY) };
}

/** "2026-11-23 00:30" in Lagos time: what a spreadsheet shows for an instant. */
export function formatLagos(at: Date | null): string {
  if (!at) return "";
  return lagosClock(at).toISOString().slice(0, 16).replace("T", " ");
}
