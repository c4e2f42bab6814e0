import { cutAtWord, jsonForDataBlock } from "./page-head.ts";

describe("jsonForDataBlock", () => {
  const hostile = { name: `</script><script>alert(1)</script> <!-- x`, note: "line\u2028separator\u2029paragraph" };

  it("no value can close the data block or open a comment, and line/paragraph separators are escaped", () => {
    const text = jsonForDataBlock(hostile);
    expect(text).not.toContain("<");
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain("\\u003c/script>");
    expect(text).toContain("\\u2028");
  });

  it("reads back as the same value", () => {
    expect(JSON.parse(jsonForDataBlock(hostile))).toEqual(hostile);
  });
});

describe("a meta description (issue 26: 216 characters, cut mid-word)", () => {
  it("is at most 150 characters, cut after a whole word with an ellipsis", () => {
    const text = "Condition: Good · Pit to pit 48 cm · Length 62 cm · Sleeve 22 cm. Vintage ankara print blouse in bold orange and blue wax print. A tiny repaired stitch at the back hem. Fits true to size.";
    const cut = cutAtWord(text);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith("…")).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    // The next character of the original after the kept words is a space or punctuation: no half word.
    expect(text.charAt(cut.length - 1)).toMatch(/[\s.,]/);
    expect(cutAtWord("Short and whole.")).toBe("Short and whole.");
  });
});
