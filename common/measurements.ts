// Garment measurements: what the admin may enter (one rule for the dialog and the server), how they
// are shown (centimetres or inches) and how they compare with the size chart (common/size-chart.ts).
import { FIT_CHARTS, type Girth, type SizeChartDepartment } from "./size-chart.ts";
import { CONDITION_LABEL, type Condition } from "./condition.ts";
import { cutAtWord, DEFAULT_DESCRIPTION } from "./page-head.ts";
import { formatNaira } from "./naira.ts";

/** Measured with the garment laid flat; pit to pit, waist and hips are across (half the round). */
export const MEASUREMENTS = [
  { key: "pitToPit", label: "Pit to pit" },
  { key: "length", label: "Length" },
  { key: "shoulder", label: "Shoulder" },
  { key: "sleeve", label: "Sleeve" },
  { key: "waist", label: "Waist (flat)" },
  { key: "hips", label: "Hips (flat)" },
  { key: "inseam", label: "Inseam" },
] as const;
export type MeasurementKey = (typeof MEASUREMENTS)[number]["key"];
export type Measurements = Partial<Record<MeasurementKey, number | null>>;

/** No garment measures more than this (a long maxi dress is about 160 cm). */
export const MAX_MEASUREMENT_CM = 250;

export type MeasurementCheck = { ok: true; cm: number | null } | { ok: false; message: string };

/** One measurement as typed or sent: empty is "not measured"; otherwise centimetres above 0, at
 *  most MAX_MEASUREMENT_CM, with at most one decimal. */
export function checkMeasurement(label: string, value: number | string | null | undefined): MeasurementCheck {
  if (value === null || value === undefined) return { ok: true, cm: null };
  const text = typeof value === "string" ? value.trim().replace(",", ".") : null;
  if (text === "") return { ok: true, cm: null };
  const cm = text === null ? (value as number) : /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const problem = `${label} must be centimetres between 1 and ${MAX_MEASUREMENT_CM}, e.g. 52 or 52.5`;
  if (!Number.isFinite(cm) || cm <= 0 || cm > MAX_MEASUREMENT_CM) return { ok: false, message: problem };
  if (Math.abs(cm * 10 - Math.round(cm * 10)) > 1e-6) return { ok: false, message: `${label} may have one decimal at most, e.g. 52.5` };
  return { ok: true, cm: Math.round(cm * 10) / 10 };
}

export type Unit = "cm" | "in";
export const UNIT_STORAGE_KEY = "measurementUnit";
export const CM_PER_INCH = 2.54;

/** "52 cm", "52.5 cm", or in inches to one decimal: "20.5 in". */
export function formatLength(cm: number, unit: Unit): string {
  const value = unit === "in" ? Math.round((cm / CM_PER_INCH) * 10) / 10 : Math.round(cm * 10) / 10;
  return `${value} ${unit}`;
}

const GIRTH_OF: { key: MeasurementKey; girth: Girth; name: string }[] = [
  { key: "pitToPit", girth: "bust", name: "chest" },
  { key: "waist", girth: "waist", name: "waist" },
  { key: "hips", girth: "hips", name: "hips" },
];

/**
 * How the garment compares with the size chart of its department (common/size-chart.ts), from the
 * first of pit to pit, waist and hips it has that the chart has: the flat measurement doubled is
 * the garment's round; less the chart's ease, the body it fits; the chart's row whose range
 * (inches) holds that body. Null without a department's chart (bales, unisex) or a measurement to
 * compare: a hint from the wrong chart (a men's polo in ladies' sizes) misleads more than none.
 */
export function sizeChartHint(measurements: Measurements, unit: Unit, department: SizeChartDepartment | null): string | null {
  if (!department) return null;
  const chart = FIT_CHARTS[department];
  const found = GIRTH_OF.find(({ key, girth }) => (measurements[key] ?? 0) > 0 && chart.easeCm[girth] !== undefined);
  if (!found) return null;
  const { girth } = found;
  const flat = measurements[found.key]!;
  const round = flat * 2;
  const bodyInches = (round - chart.easeCm[girth]!) / CM_PER_INCH;
  const label = MEASUREMENTS.find((m) => m.key === found.key)!.label;
  const start = `${label} ${formatLength(flat, unit)} ≈ ${found.name} ${formatLength(round, unit)}`;
  const rows = chart.rows;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (bodyInches < first.range[girth]![0] - 1) return `${start}: smaller than our ${chart.title} (from ${first.name(girth)})`;
  if (bodyInches > last.range[girth]![1] + 1) return `${start}: larger than our ${chart.title} (up to ${last.name(girth)})`;
  const row = rows.find((r) => bodyInches <= r.range[girth]![1]) ?? last;
  return `${start}: about ${row.name(girth)} on our ${chart.title}`;
}

/**
 * A product page's description for link previews and search results: what a shopper asks first (the
 * price, the grade and up to three measurements, in centimetres: "₦7,300 · Condition: Good · Pit to
 * pit 52 cm."), then
 * the description as common/page-head.ts cuts it. Kept here, not in page-head.ts, so pages other
 * than the product page do not download the measurement rules.
 */
export function productPreviewDescription(
  description: string | null | undefined,
  fit: { price?: string | null; condition?: Condition | null; measurements?: Measurements | null } | null | undefined,
): string | undefined {
  const facts = [
    ...(fit?.price ? [formatNaira(fit.price)] : []),
    ...(fit?.condition ? [`Condition: ${CONDITION_LABEL[fit.condition]}`] : []),
    ...MEASUREMENTS.filter(({ key }) => fit?.measurements?.[key] != null)
      .slice(0, 3)
      .map(({ key, label }) => `${label} ${formatLength(fit!.measurements![key]!, "cm")}`),
  ];
  // The facts first, then as much of the description as fits: the whole is at most 150 characters.
  // Without a description, the shop's after the facts, so the preview still says what the shop is.
  const text = [facts.length ? `${facts.join(" · ")}.` : "", description || (facts.length ? DEFAULT_DESCRIPTION : "")].filter(Boolean).join(" ");
  return text ? cutAtWord(text) : undefined;
}
