// The condition scale's grades and their names, shared by cards, the listing filter, the admin, the
// CSV import and the server. What each grade means is in common/condition-scale.ts (kept apart so
// every page's shared bundle carries only the names).
export const CONDITIONS = ["new_with_tags", "like_new", "good", "fair"] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABEL: Record<Condition, string> = {
  new_with_tags: "New with tags",
  like_new: "Like new",
  good: "Good",
  fair: "Fair",
};

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

/** A grade as typed in a spreadsheet: its key ("like_new") or label ("Like new"), any case or spacing. */
export function parseCondition(text: string): Condition | null {
  const wanted = squash(text);
  return CONDITIONS.find((c) => squash(c) === wanted || squash(CONDITION_LABEL[c]) === wanted) ?? null;
}
