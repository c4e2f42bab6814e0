import { corrections, editDistance, joinLoneLetters, vocabularyOf, wordForms } from "./search-spelling.ts";

describe("search spelling rules", () => {
  it("a plural's forms are prefixes of it (so the word itself is still found), -ies also as -y", () => {
    expect(wordForms("gowns")).toEqual(["gown"]);
    expect(wordForms("dresses")).toEqual(["dress"]);
    expect(wordForms("watches")).toEqual(["watch"]);
    expect(wordForms("hoodies")).toEqual(["hoodie", "hoody"]);
    // Not plurals, or too short to tell.
    for (const word of ["dress", "gown", "bus", "yrs", "xl"]) expect(wordForms(word)).toEqual([word]);
  });

  it("counts a swap of neighbouring letters as one edit and stops past the limit", () => {
    expect(editDistance("skrit", "skirt", 2)).toBe(1);
    expect(editDistance("jeens", "jeans", 2)).toBe(1);
    expect(editDistance("shrts", "shorts", 2)).toBe(1);
    expect(editDistance("gown", "brown", 2)).toBe(2);
    expect(editDistance("abcdefgh", "zzzzzzzz", 2)).toBe(3);
    expect(editDistance("ab", "abcdef", 2)).toBe(3);
  });

  it("reads a misspelt word as the names' nearest spellings, joined words as the pair", () => {
    const vocabulary = vocabularyOf(["graphic band t shirt faded black", "denim cut off shorts", "pleated midi skirt", "high waist mom jeans", "boys shirt 9 10 yrs"]);
    expect(corrections("jeens", vocabulary)).toEqual(["jeans"]);
    expect(corrections("skrit", vocabulary)).toEqual(["skirt"]);
    expect(corrections("tshirt", vocabulary)).toEqual(["t shirt"]);
    // The nearest only: "shrts" is one edit from "shorts", two from "shirt".
    expect(corrections("shrts", vocabulary)).toEqual(["shorts"]);
    // Short words are not guessed at; numbers are not joined to words.
    expect(corrections("jen", vocabulary)).toEqual([]);
    expect(vocabulary.has("shirt9")).toBe(false);
    expect(corrections("xqzvw", vocabulary)).toEqual([]);
  });

  it("joins a lone letter to the next word where the names join them: \"t shirt\" and \"t-shirt\" are \"tshirt\" (issue 39)", () => {
    const vocabulary = vocabularyOf(["graphic band t shirt faded black", "mixed mens t shirts bale", "size m top"]);
    expect(joinLoneLetters(["t", "shirt"], vocabulary)).toEqual(["tshirt"]);
    expect(joinLoneLetters(["black", "t", "shirts"], vocabulary)).toEqual(["black", "tshirts"]);
    // A plural the names do not have, of a pair they do.
    expect(joinLoneLetters(["t", "shirts"], vocabularyOf(["graphic band t shirt"]))).toEqual(["tshirts"]);
    // Only where the names have the pair, and only a lone letter.
    expect(joinLoneLetters(["x", "top"], vocabulary)).toEqual(["x", "top"]);
    expect(joinLoneLetters(["band", "t"], vocabulary)).toEqual(["band", "t"]);
  });
});
