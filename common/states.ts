// Nigeria's 36 states and the FCT: the places delivery fees and motor parks are chosen by. Kept apart
// from the park suggestions (parks.ts) so pages that only need the names stay small.

/** The 36 states and the FCT, alphabetically. */
export const NIGERIAN_STATES: readonly string[] = [
  "Abia", "Adamawa", "Akwa Ibom", "Anambra", "Bauchi", "Bayelsa", "Benue", "Borno", "Cross River", "Delta", "Ebonyi", "Edo",
  "Ekiti", "Enugu", "FCT", "Gombe", "Imo", "Jigawa", "Kaduna", "Kano", "Katsina", "Kebbi", "Kogi", "Kwara", "Lagos",
  "Nasarawa", "Niger", "Ogun", "Ondo", "Osun", "Oyo", "Plateau", "Rivers", "Sokoto", "Taraba", "Yobe", "Zamfara",
];

/** The state's canonical spelling when it is one we know (e.g. "lagos" → "Lagos"), else as typed. */
export function canonicalState(state: string): string {
  const text = state.trim();
  return NIGERIAN_STATES.find((s) => s.toLowerCase() === text.toLowerCase()) ?? text;
}
