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
