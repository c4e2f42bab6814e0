// Bulk listing from a bale: a CSV of products checked row by row (every bad row reported with its
// line number), then created all-or-nothing in one transaction. A dry run is the same import rolled
// back at the end, so it finds exactly what the real import would (slugs taken, categories missing).
// Images are added afterwards in the admin's product dialog.
import { parse } from "csv-parse/sync";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { ValidationError } from "../errors.ts";
import { validateProductInput } from "../catalog/product-admin.service.ts";
import { chooseSlug, productBySlug } from "../catalog/product-slugs.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { CONDITIONS, CONDITION_LABEL, parseCondition } from "../../../../common/condition.ts";
import { MEASUREMENTS } from "../../../../common/measurements.ts";
import { productProblems } from "../../../../common/product-validation.ts";

export const MAX_IMPORT_BYTES = 512 * 1024;
export const MAX_IMPORT_ROWS = 1000;

export interface RowProblem {
  /** Line in the file (the header is line 1). */
  line: number;
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  /** Rows that passed every check. The file is taken whole or not at all: with any problem none
   *  is imported, but the good rows are still counted (a dry run of 3 rows, 1 good, said 0). */
  valid: number;
  imported: number;
  problems: RowProblem[];
}

const COLUMNS = {
  name: ["name"],
  category: ["category", "categoryslug"],
  price: ["price", "pricenaira", "pricengn"],
  size: ["size"],
  stock: ["stock", "quantity"],
  description: ["description"],
  originalPrice: ["originalprice", "wasprice"],
  slug: ["slug"],
  condition: ["condition", "grade"],
  flawNotes: ["flawnotes", "flaws"],
  pitToPit: ["pittopit", "pittopitcm", "chest", "chestcm"],
  length: ["length", "lengthcm"],
  shoulder: ["shoulder", "shouldercm"],
  sleeve: ["sleeve", "sleevecm"],
  waist: ["waist", "waistcm", "waistflat", "waistflatcm"],
  hips: ["hips", "hipscm", "hipsflat", "hipsflatcm"],
  inseam: ["inseam", "inseamcm"],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ["name", "category", "price", "stock"];

class RolledBack extends Error {}

interface Row {
  line: number;
  values: Partial<Record<Column, string>>;
  /** Headers of the row's cells that a spreadsheet would run as a formula. */
  formulas: string[];
}

/**
 * A cell starting with =, + or @, or with - before anything but a number or a space ("-2+3+cmd|…",
 * not "-5000", which the price rule refuses, nor "- 100% cotton"). Such a row is reported, not
 * neutralised as the export does: the apostrophe would show on the storefront, and a product name
 * or description that is a formula is a mistake (or an attack) the admin should see, not import.
 */
const FORMULA = /^(?:[=+@]|-(?![\s\d.,]))/;

function readRows(csv: string): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // relax_quotes: a quote inside an unquoted cell (=HYPERLINK("…") typed in Excel) is text, so
    // that row is reported below instead of the whole file failing as bad CSV.
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, info: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ValidationError(`The file is not valid CSV${line ? ` (line ${line})` : ""}: check the quotes`);
  }
  const [header, ...body] = records;
  if (!header) throw new ValidationError("The file is empty");
  const names = header.record.map((h) => h.toLowerCase().replace(/[^a-z]/g, ""));
  const index: Partial<Record<Column, number>> = {};
  for (const [column, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = names.findIndex((n) => aliases.includes(n));
    if (at >= 0) index[column] = at;
  }
  const missing = REQUIRED.filter((c) => index[c] === undefined);
  if (missing.length) throw new ValidationError(`The first line must name the columns; missing: ${missing.join(", ")}`);
  if (body.length === 0) throw new ValidationError("The file has no products under its header");
  if (body.length > MAX_IMPORT_ROWS) throw new ValidationError(`At most ${MAX_IMPORT_ROWS} products per file; split the file`);
  return body.map(({ record, info }) => ({
    // csv-parse counts the line a record ends on; a quoted cell with line breaks started earlier.
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
    values: Object.fromEntries(Object.entries(index).map(([column, at]) => [column, record[at] ?? ""])) as Row["values"],
    formulas: Object.values(index).filter((at) => FORMULA.test(record[at] ?? "")).map((at) => header.record[at]!),
  }));
}

type Checked = { line: number; data: ReturnType<typeof validateProductInput> };

/**
 * Every row against the category list, the shared product rule (common/product-validation.ts:
 * prices as typed, "12,500"), and the slugs in use now or before a rename. Every problem of every
 * row is reported, each with the row's line.
 */
async function checkRows(tx: Prisma.TransactionClient, rows: Row[]): Promise<{ checked: Checked[]; problems: RowProblem[] }> {
  const categories = new Map((await tx.category.findMany({ select: { id: true, slug: true } })).map((c) => [c.slug, c.id]));
  const problems: RowProblem[] = [];
  const checked: Checked[] = [];
  const explicitSlugs = new Map<string, number>();
  for (const { line, values, formulas } of rows) {
    const reasons = formulas.map((header) => `${header} starts like a spreadsheet formula (=, +, - or @): type it as plain text`);
    const categorySlug = (values.category ?? "").trim().toLowerCase();
    const categoryId = categories.get(categorySlug) ?? null;
    if (!categorySlug) reasons.push("Category is required");
    else if (!categoryId) reasons.push(`Unknown category "${values.category}"`);
    const conditionText = values.condition?.trim() ?? "";
    const condition = conditionText ? parseCondition(conditionText) : null;
    if (conditionText && !condition) {
      reasons.push(`Unknown condition "${conditionText}": use ${CONDITIONS.map((c) => CONDITION_LABEL[c]).join(", ")} or leave it empty`);
    }
    const input = {
      name: values.name ?? "",
      slug: values.slug ?? null,
      price: values.price ?? "",
      originalPrice: values.originalPrice ?? null,
      stock: values.stock ?? "",
      categoryId,
      size: values.size ?? null,
      description: values.description ?? null,
      condition,
      flawNotes: values.flawNotes ?? null,
      measurements: Object.fromEntries(MEASUREMENTS.map(({ key }) => [key, values[key] ?? null])),
    };
    const productReasons = productProblems(input).map((p) => p.message);
    reasons.push(...productReasons);
    if (!productReasons.length) {
      const data = validateProductInput(input);
      if (data.slug) {
        const earlier = explicitSlugs.get(data.slug);
        if (earlier) reasons.push(`Slug "${data.slug}" is also on line ${earlier}`);
        else if (await productBySlug(tx, data.slug)) reasons.push(`Another product already uses the slug "${data.slug}"`);
        explicitSlugs.set(data.slug, line);
      }
      if (!reasons.length) checked.push({ line, data });
    }
    problems.push(...reasons.map((reason) => ({ line, reason })));
  }
  return { checked, problems };
}

export async function importProducts(prisma: Db, actor: Actor, csv: string, options: { dryRun: boolean }): Promise<ImportReport> {
  if (Buffer.byteLength(csv) > MAX_IMPORT_BYTES) throw new ValidationError(`The file must be at most ${MAX_IMPORT_BYTES / 1024} KB`);
  // Bytes that are not UTF-8 arrive as U+FFFD: Excel's plain "CSV" is the PC's code page, not UTF-8.
  if (csv.includes("\uFFFD")) throw new ValidationError('The file is not UTF-8: in Excel use Save As, "CSV UTF-8 (Comma delimited)"');
  const rows = readRows(csv);
  let report: ImportReport = { dryRun: options.dryRun, rows: rows.length, valid: 0, imported: 0, problems: [] };
  try {
    await prisma.$transaction(
      async (tx) => {
        const { checked, problems } = await checkRows(tx, rows);
        if (problems.length) {
          report = { ...report, valid: checked.length, problems };
          throw new RolledBack();
        }
        for (const { line, data } of checked) {
          let slug = data.slug;
          try {
            // The product dialog's rule: a typed slug must be free, a derived one gets -2, -3 …
            // (rows inserted above count as taken); admins saving at once take turns.
            slug = await chooseSlug(tx, data.slug, data.name, null);
            const product = await tx.product.create({ data: { ...data, slug } });
            await recordAudit(tx, {
              actor,
              action: "product.import",
              entityType: "product",
              entityId: product.id,
              after: { name: product.name, price: product.price.toFixed(2), stock: product.stock },
            });
          } catch (error) {
            // A slug taken between the check and the insert (another admin, another import).
            if (isUniqueViolation(error) || error instanceof ValidationError) {
              const reason = error instanceof ValidationError ? error.message : `Another product already uses the slug "${slug}"`;
              report = { ...report, problems: [{ line, reason: `${reason}; nothing was imported` }] };
              throw new RolledBack();
            }
            throw error;
          }
        }
        report = { ...report, valid: checked.length, imported: options.dryRun ? 0 : checked.length };
        if (options.dryRun) throw new RolledBack();
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return report;
}
