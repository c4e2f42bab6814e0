// The size chart (SPEC §9): body measurements in inches per size, with the UK, US and EU labels
// that differ for the same size. The size chart page shows it; product pages compare with it.
export interface SizeChartRow {
  size: string;
  uk: number;
  us: number;
  eu: number;
  /** [from, to] in inches. */
  bust: readonly [number, number];
  waist: readonly [number, number];
  hips: readonly [number, number];
  insideLeg: number;
  sleeve: number;
}

// Women's labels: US is UK less 4, EU is UK plus 28.
export const SIZE_CHART: readonly SizeChartRow[] = [
  { size: "XXS-XS", uk: 4, us: 0, eu: 32, bust: [30, 31], waist: [23, 24], hips: [33, 34], insideLeg: 30, sleeve: 22.5 },
  { size: "XS", uk: 6, us: 2, eu: 34, bust: [31, 32], waist: [24, 25], hips: [34, 35], insideLeg: 30, sleeve: 23 },
  { size: "S", uk: 8, us: 4, eu: 36, bust: [32, 34], waist: [25, 27], hips: [35, 37], insideLeg: 30.5, sleeve: 23 },
  { size: "M", uk: 10, us: 6, eu: 38, bust: [34, 36], waist: [27, 29], hips: [37, 39], insideLeg: 31, sleeve: 23.5 },
  { size: "L", uk: 12, us: 8, eu: 40, bust: [36, 38], waist: [29, 31], hips: [39, 41], insideLeg: 31, sleeve: 24 },
  { size: "XL", uk: 14, us: 10, eu: 42, bust: [38, 40], waist: [31, 33], hips: [41, 43], insideLeg: 31.5, sleeve: 24 },
  { size: "XXL", uk: 16, us: 12, eu: 44, bust: [40, 42], waist: [33, 35], hips: [43, 45], insideLeg: 31.5, sleeve: 24.5 },
];

/** Men's body measurements in inches per size; EU sizes by chest. Trousers go by waist (W32…). */
export interface MenSizeChartRow {
  size: string;
  eu: string;
  chest: readonly [number, number];
  waist: readonly [number, number];
}
export const MEN_SIZE_CHART: readonly MenSizeChartRow[] = [
  { size: "XS", eu: "44", chest: [32, 34], waist: [26, 28] },
  { size: "S", eu: "46", chest: [35, 37], waist: [29, 31] },
  { size: "M", eu: "48–50", chest: [38, 40], waist: [32, 34] },
  { size: "L", eu: "52", chest: [41, 43], waist: [35, 37] },
  { size: "XL", eu: "54–56", chest: [44, 46], waist: [38, 40] },
  { size: "XXL", eu: "58", chest: [47, 49], waist: [41, 43] },
];

/** Children's body measurements in inches by age (the label kids' clothes carry). */
export interface KidsSizeChartRow {
  age: string;
  chest: readonly [number, number];
  waist: readonly [number, number];
}
export const KIDS_SIZE_CHART: readonly KidsSizeChartRow[] = [
  { age: "2–3 yrs", chest: [21, 22], waist: [20, 20.5] },
  { age: "3–4 yrs", chest: [22, 22.5], waist: [20.5, 21] },
  { age: "4–5 yrs", chest: [22.5, 23.5], waist: [21, 21.5] },
  { age: "5–6 yrs", chest: [23.5, 24.5], waist: [21.5, 22] },
  { age: "6–7 yrs", chest: [24.5, 25.5], waist: [22, 23] },
  { age: "7–8 yrs", chest: [25.5, 27], waist: [23, 23.5] },
  { age: "8–9 yrs", chest: [27, 28], waist: [23.5, 24.5] },
  { age: "9–10 yrs", chest: [28, 29], waist: [24.5, 25] },
  { age: "10–11 yrs", chest: [29, 30.5], waist: [25, 26] },
  { age: "11–12 yrs", chest: [30.5, 31.5], waist: [26, 26.5] },
  { age: "12–13 yrs", chest: [31.5, 33], waist: [26.5, 27.5] },
];

/** Which chart an item is compared with: its department's (the category's main part). Bales and
 *  unisex items have none (a bale is many sizes; unisex labels follow no one chart). */
export type SizeChartDepartment = "ladies" | "men" | "kids";
export function sizeChartDepartment(main: string | null | undefined): SizeChartDepartment | null {
  switch (main?.toLowerCase()) {
    case "ladies":
      return "ladies";
    case "men":
      return "men";
    case "kids":
      return "kids";
    default:
      return null;
  }
}

/** A chart as the size hint reads it: body ranges (inches) per girth, and each row's name. */
export type Girth = "bust" | "waist" | "hips";
export interface FitChart {
  title: string;
  /** Room a garment needs over the body (cm, all the way round). Children's clothes are cut closer
   *  to their age's chest than adults' to a size, so less is taken off. */
  easeCm: Partial<Record<Girth, number>>;
  rows: { name: (girth: Girth) => string; range: Partial<Record<Girth, readonly [number, number]>> }[];
}

export const FIT_CHARTS: Record<SizeChartDepartment, FitChart> = {
  ladies: {
    title: "ladies' size chart",
    easeCm: { bust: 5, waist: 2, hips: 4 },
    rows: SIZE_CHART.map((row) => ({ name: () => `UK ${row.uk} / US ${row.us} / EU ${row.eu}`, range: { bust: row.bust, waist: row.waist, hips: row.hips } })),
  },
  men: {
    title: "men's size chart",
    easeCm: { bust: 5, waist: 2 },
    rows: MEN_SIZE_CHART.map((row) => ({
      name: (girth) => (girth === "waist" ? `men's ${row.size} (W${row.waist[0]}–${row.waist[1]})` : `men's ${row.size} (EU ${row.eu})`),
      range: { bust: row.chest, waist: row.waist },
    })),
  },
  kids: {
    title: "kids' size chart",
    easeCm: { bust: 3, waist: 2 },
    rows: KIDS_SIZE_CHART.map((row) => ({ name: () => row.age, range: { bust: row.chest, waist: row.waist } })),
  },
};
