// Bulk listing from a bale: a CSV of products checked row by row (every bad row reported with its
// line number), then created all-or-nothing in one transaction. A dry run is the same import rolled
// back at the end, so it finds exactly what the real import would (slugs taken, categories missing).
// Images are added afterwards in the admin's product dialog.
import { parse } from "csv-parse/sync";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { slugify } from "../../../../common/slug.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { DomainError, ValidationError } from "../errors.ts";
import { validateProductInput } from "../catalog/product-admin.ts";

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
  /** Rows that passed every check and were inserted (kept only when not a dry run). */
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
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ["name", "category", "price", "stock"];

/** Naira as the owner types it: "12,500", "12500", "₦12,500.50". Returns "12500.50" or null. */
export function parseNaira(text: string): string | null {
  const match = /^(?:₦|NGN|N)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/i.exec(text.trim());
  return match ? `${match[1]!.replace(/,/g, "")}${match[2] ?? ""}` : null;
}

class RolledBack extends Error {}

/**
 * Prisma's P2002, or PostgreSQL's 23505 as the PGlite adapter reports it (a DriverAdapterError
 * whose cause carries the SQLSTATE, not mapped to P2002 by pglite-prisma-adapter 0.6).
 */
function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const cause = (error as { cause?: { code?: unknown; kind?: unknown } } | null)?.cause;
  return cause?.code === "23505" || cause?.kind === "UniqueConstraintViolation";
}

interface Row {
  line: number;
  values: Partial<Record<Column, string>>;
}

function readRows(csv: string): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true, trim: true }) as unknown as typeof records;
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
    line: info.lines,
    values: Object.fromEntries(Object.entries(index).map(([column, at]) => [column, record[at] ?? ""])) as Row["values"],
  }));
}

type Checked = { line: number; data: ReturnType<typeof validateProductInput> & { categoryId: string | null } };

/** Every row against the product rules, the category list and the slugs already used. */
async function checkRows(tx: Prisma.TransactionClient, rows: Row[]): Promise<{ checked: Checked[]; problems: RowProblem[] }> {
  const categories = new Map((await tx.category.findMany({ select: { id: true, slug: true } })).map((c) => [c.slug, c.id]));
  const problems: RowProblem[] = [];
  const checked: Checked[] = [];
  const explicitSlugs = new Map<string, number>();
  for (const { line, values } of rows) {
    const reasons: string[] = [];
    const categorySlug = (values.category ?? "").trim().toLowerCase();
    const categoryId = categories.get(categorySlug);
    if (!categorySlug) reasons.push("Category is required");
    else if (!categoryId) reasons.push(`Unknown category "${values.category}"`);
    const price = parseNaira(values.price ?? "");
    if (price === null) reasons.push(`Price "${values.price ?? ""}" is not an amount of naira (e.g. 12,500)`);
    const originalText = (values.originalPrice ?? "").trim();
    const originalPrice = originalText ? parseNaira(originalText) : null;
    if (originalText && originalPrice === null) reasons.push(`Original price "${originalText}" is not an amount of naira`);
    const stockText = (values.stock ?? "").trim();
    const stock = /^\d+$/.test(stockText) ? Number(stockText) : NaN;
    if (Number.isNaN(stock)) reasons.push(`Stock "${stockText}" is not a whole number`);
    if (!reasons.length) {
      try {
        const data = validateProductInput({
          name: values.name ?? "",
          slug: values.slug ?? null,
          price: price!,
          originalPrice,
          stock,
          categoryId,
          size: values.size ?? null,
          description: values.description ?? null,
        });
        if (data.slug) {
          const earlier = explicitSlugs.get(data.slug);
          if (earlier) reasons.push(`Slug "${data.slug}" is also on line ${earlier}`);
          else if (await tx.product.findUnique({ where: { slug: data.slug }, select: { id: true } })) {
            reasons.push(`Another product already uses the slug "${data.slug}"`);
          }
          explicitSlugs.set(data.slug, line);
        }
        checked.push({ line, data });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        reasons.push(error.message);
      }
    }
    if (reasons.length) problems.push({ line, reason: reasons.join("; ") });
  }
  return { checked, problems };
}

/** The free slug for a name: the name's slug, else with -2, -3 … (as the product dialog does). */
async function freeSlug(tx: Prisma.TransactionClient, name: string, taken: Set<string>): Promise<string> {
  const base = slugify(name) || "product";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (taken.has(candidate)) continue;
    if (!(await tx.product.findUnique({ where: { slug: candidate }, select: { id: true } }))) return candidate;
  }
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
          report = { ...report, problems };
          throw new RolledBack();
        }
        const taken = new Set(checked.flatMap((c) => (c.data.slug ? [c.data.slug] : [])));
        for (const { line, data } of checked) {
          const slug = data.slug ?? (await freeSlug(tx, data.name, taken));
          taken.add(slug);
          try {
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
            if (isUniqueViolation(error)) {
              report = { ...report, problems: [{ line, reason: `Another product already uses the slug "${slug}"; nothing was imported` }] };
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
