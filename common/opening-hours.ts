// The shop's opening hours (SPEC §2, Contact): one statement for the contact page's text and for the
// structured data search engines read (schema.org OpeningHoursSpecification).

export const OPENING_HOURS_SPEC: { days: string; dayOfWeek: string[]; opens: string; closes: string }[] = [
  { days: "Mon-Fri", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  { days: "Sat", dayOfWeek: ["Saturday"], opens: "10:00", closes: "16:00" },
];

/** "09:00" → "9:00 AM", "18:00" → "6:00 PM". */
function clock(time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** The rows the contact page shows; Sunday is closed. */
export const OPENING_HOURS: { days: string; hours: string }[] = [
  ...OPENING_HOURS_SPEC.map((row) => ({ days: row.days, hours: `${clock(row.opens)}-${clock(row.closes)}` })),
  { days: "Sun", hours: "closed" },
];
