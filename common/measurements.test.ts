// Measurements as shown to shoppers: centimetres or inches, and how they compare with our size chart.
import { checkMeasurement, formatLength, productPreviewDescription, sizeChartHint } from "./measurements.ts";
import { sizeChartDepartment } from "./size-chart.ts";
import { CONDITIONS, CONDITION_LABEL } from "./condition.ts";
import { CONDITION_EXPLANATION } from "./condition-scale.ts";

describe("centimetres and inches", () => {
  it.each([
    [52, "cm", "52 cm"],
    [52.5, "cm", "52.5 cm"],
    [52, "in", "20.5 in"],
    [71.5, "in", "28.1 in"],
    [2.54, "in", "1 in"],
  ] as const)("%s cm shown in %s is %s", (cm, unit, text) => {
    expect(formatLength(cm, unit)).toBe(text);
  });
});

describe("the one measurement rule (dialog and server)", () => {
  it("reads what an admin types: empty is not measured, a comma is a decimal point", () => {
    expect(checkMeasurement("Length", "")).toEqual({ ok: true, cm: null });
    expect(checkMeasurement("Length", null)).toEqual({ ok: true, cm: null });
    expect(checkMeasurement("Length", " 71,5 ")).toEqual({ ok: true, cm: 71.5 });
    expect(checkMeasurement("Length", 60)).toEqual({ ok: true, cm: 60 });
  });
  it.each([["-3"], [0], [251], ["abc"], [Number.NaN], ["1e3"]])("refuses %p with a clear message", (value) => {
    expect(checkMeasurement("Sleeve", value)).toEqual({ ok: false, message: "Sleeve must be centimetres between 1 and 250, e.g. 52 or 52.5" });
  });
  it("refuses more than one decimal rather than rounding silently", () => {
    expect(checkMeasurement("Hips (flat)", "48.25")).toEqual({ ok: false, message: "Hips (flat) may have one decimal at most, e.g. 52.5" });
  });
});

describe("the size-chart hint", () => {
  it("doubles pit to pit, allows 5 cm of ease and finds the chart's row", () => {
    expect(sizeChartHint({ pitToPit: 52 }, "cm", "ladies")).toBe("Pit to pit 52 cm ≈ chest 104 cm: about UK 14 / US 10 / EU 42 on our ladies' size chart");
    expect(sizeChartHint({ pitToPit: 52 }, "in", "ladies")).toBe("Pit to pit 20.5 in ≈ chest 40.9 in: about UK 14 / US 10 / EU 42 on our ladies' size chart");
  });
  it("a smaller chest is a smaller size; the smallest and largest rows have limits", () => {
    expect(sizeChartHint({ pitToPit: 44 }, "cm", "ladies")).toContain("about UK 8 / US 4 / EU 36");
    expect(sizeChartHint({ pitToPit: 30 }, "cm", "ladies")).toBe("Pit to pit 30 cm ≈ chest 60 cm: smaller than our ladies' size chart (from UK 4 / US 0 / EU 32)");
    expect(sizeChartHint({ pitToPit: 70 }, "cm", "ladies")).toBe("Pit to pit 70 cm ≈ chest 140 cm: larger than our ladies' size chart (up to UK 16 / US 12 / EU 44)");
  });
  it("trousers use the waist when there is no pit to pit; nothing to compare gives no hint", () => {
    expect(sizeChartHint({ waist: 38, inseam: 78 }, "cm", "ladies")).toBe("Waist (flat) 38 cm ≈ waist 76 cm: about UK 12 / US 8 / EU 40 on our ladies' size chart");
    expect(sizeChartHint({ length: 70, sleeve: 60 }, "cm", "ladies")).toBeNull();
  });
});

describe("the size-chart hint by department (issue 26: every item read on the ladies' chart)", () => {
  it("a men's polo and men's jeans are read on the men's chart", () => {
    // The demo's Ralph Lauren polo (size L) and Levi's 501 (W34).
    expect(sizeChartHint({ pitToPit: 54, length: 72 }, "cm", "men")).toBe("Pit to pit 54 cm ≈ chest 108 cm: about men's L (EU 52) on our men's size chart");
    expect(sizeChartHint({ waist: 42, inseam: 81 }, "cm", "men")).toBe("Waist (flat) 42 cm ≈ waist 84 cm: about men's M (W32–34) on our men's size chart");
    // The men's chart has no hips: the hint goes on to what it has, or gives none.
    expect(sizeChartHint({ hips: 50 }, "cm", "men")).toBeNull();
  });
  it("children's clothes are read by age", () => {
    expect(sizeChartHint({ pitToPit: 36, length: 85 }, "cm", "kids")).toBe("Pit to pit 36 cm ≈ chest 72 cm: about 8–9 yrs on our kids' size chart");
    expect(sizeChartHint({ pitToPit: 29 }, "cm", "kids")).toContain("about 2–3 yrs");
  });
  it("no chart fits bales and unisex items: no hint", () => {
    expect(sizeChartDepartment("Bales")).toBeNull();
    expect(sizeChartDepartment("Unisex")).toBeNull();
    expect(sizeChartDepartment("Men")).toBe("men");
    expect(sizeChartHint({ pitToPit: 54 }, "cm", null)).toBeNull();
  });
});

describe("the condition scale", () => {
  it("is four grades, best first, each with a label and an explanation", () => {
    expect(CONDITIONS).toEqual(["new_with_tags", "like_new", "good", "fair"]);
    expect(CONDITIONS.map((c) => CONDITION_LABEL[c])).toEqual(["New with tags", "Like new", "Good", "Fair"]);
    for (const c of CONDITIONS) expect(CONDITION_EXPLANATION[c].length).toBeGreaterThan(10);
  });
});

describe("the product preview description", () => {
  it("keeps the grade and measurements first and the whole within 150 characters, cut at a word", () => {
    const description = "Vintage ankara print blouse in bold orange and blue wax print, with puff sleeves and a keyhole neck. A tiny repaired stitch at the back hem. Fits true to size.";
    const text = productPreviewDescription(description, { price: "12500.50", condition: "good", measurements: { pitToPit: 48, length: 62, sleeve: 22 } })!;
    expect(text.startsWith("₦12,500.50 · Condition: Good · Pit to pit 48 cm · Length 62 cm · Sleeve 22 cm. Vintage ankara")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(150);
    expect(text).toMatch(/[a-z]…$/);
    expect(description).toContain(text.slice(text.indexOf("Vintage"), -1));
  });
});
