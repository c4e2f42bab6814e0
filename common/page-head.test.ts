import { jsonForDataBlock } from "./page-head.ts";

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
