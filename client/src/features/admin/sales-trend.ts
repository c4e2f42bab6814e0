// The words above the dashboard's sales chart: this week's paid sales against last week's, and the
// labels of its days. "This week" is the last 7 Lagos days, today included (the 7-day period); last
// week is the 7 days before. Money is added in whole kobo so the sum is exact.
import { formatNaira } from "../../../../common/naira.ts";

export interface DaySales {
  date: string;
  paidSales: string;
}

const kobo = (money: string) => Math.round(Number(money) * 100);
const sumKobo = (days: DaySales[]) => days.reduce((sum, day) => sum + kobo(day.paidSales), 0);

/** "₦48,000 this week, up 20% on last week" from 14 or more days, oldest first. */
export function weekOnWeek(days: DaySales[]): string {
  const thisWeek = sumKobo(days.slice(-7));
  const lastWeek = sumKobo(days.slice(-14, -7));
  const amount = `${formatNaira(thisWeek / 100)} this week`;
  if (lastWeek === 0) return thisWeek === 0 ? `${amount}, nothing last week either` : `${amount}, nothing last week`;
  if (thisWeek === lastWeek) return `${amount}, the same as last week`;
  const percent = Math.round((Math.abs(thisWeek - lastWeek) / lastWeek) * 100);
  const change = percent === 0 ? "less than 1%" : `${percent}%`;
  return `${amount}, ${thisWeek > lastWeek ? "up" : "down"} ${change} on last week`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-27" → "27 Nov"; with the weekday, "Fri 27 Nov". The date is already a Lagos day. */
export function dayLabel(date: string, withWeekday = false): string {
  const day = new Date(`${date}T00:00:00Z`);
  const text = `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
  return withWeekday ? `${WEEKDAYS[day.getUTCDay()]} ${text}` : text;
}

/** The top of the chart's scale: the largest day rounded up to 1, 2 or 5 × a power of ten. */
export function scaleTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest)!;
}
