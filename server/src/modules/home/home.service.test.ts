import { choiceSurvives, type HomeChoice } from "./home.service.ts";

/** A choice made from: newest "a", "b"; offers "o" (placed by how few are left, the most 3). */
const choice = (joinsAtOrBelow: number): HomeChoice => ({
  key: "k",
  generation: 1,
  active: null,
  sectionType: null,
  section: [],
  featured: ["a", "b"],
  offers: ["o"],
  pools: { pooled: new Set(["a", "b", "o"]), byStock: new Set(["o"]), joinsAtOrBelow },
});

describe("which new stock values leave the home page's choice as it was made", () => {
  const stock = (values: Record<string, number>) => (id: string) => values[id];

  it("a pooled piece stays while it has more left than a full stock-placed pool holds", () => {
    expect(choiceSurvives(choice(3), ["a"], stock({ a: 4 }))).toBe(true);
    // It could join the offers now, or it left the newest.
    expect(choiceSurvives(choice(3), ["a"], stock({ a: 3 }))).toBe(false);
    expect(choiceSurvives(choice(3), ["a"], stock({ a: 0 }))).toBe(false);
    // The offers' pool was not full: any piece in stock could join it.
    expect(choiceSurvives(choice(Number.POSITIVE_INFINITY), ["a"], stock({ a: 40 }))).toBe(false);
  });

  it("a piece placed by how few are left moves with any change", () => {
    expect(choiceSurvives(choice(3), ["o"], stock({ o: 2 }))).toBe(false);
  });

  it("a piece outside the pools changes nothing once none is left; with some left it may be back in stock", () => {
    expect(choiceSurvives(choice(3), ["x"], stock({ x: 0 }))).toBe(true);
    expect(choiceSurvives(choice(3), ["x"], stock({ x: 9 }))).toBe(false);
  });

  it("an unknown value, or any one of several landed that does not survive, ends the choice", () => {
    expect(choiceSurvives(choice(3), ["a"], stock({}))).toBe(false);
    expect(choiceSurvives(choice(3), ["a", "x", "b"], stock({ a: 9, x: 0, b: 1 }))).toBe(false);
    expect(choiceSurvives(choice(3), ["a", "x", "b"], stock({ a: 9, x: 0, b: 7 }))).toBe(true);
  });
});
