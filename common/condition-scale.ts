// What each condition grade means: the one standard explanation, shown on the product page, the
// size chart page, the admin's grade select and in the API's description of the grades.
import type { Condition } from "./condition.ts";

export const CONDITION_EXPLANATION: Record<Condition, string> = {
  new_with_tags: "Never worn, original tags still attached.",
  like_new: "Worn once or twice, no visible signs of wear.",
  good: "Gently worn: light signs of wear such as slight fading; no holes or stains.",
  fair: "Visible wear or a small flaw, described under Flaws; priced to match.",
};
