// The product rule, shared by the admin's product dialog (for a quick answer) and the server (the
// authority): what an admin may type for a product, and what it means.
//
// Prices are read the way a Nigerian admin writes them: a comma between thousands, a dot only
// before kobo, optionally with the naira sign ("₦12,500", "N12,500", "12500", "12,500.50").
// Anything that a reader could take two ways ("12.500": twelve naira fifty or twelve thousand
// five hundred? "12,50") is refused rather than guessed, because a wrong guess sells a
// ₦12,500 dress for ₦12.
import { slugify } from "./slug.ts";
import { parseLagosDateTimeInput } from "./lagos-time-input.ts";
import { isUuid } from "./uuid.ts";
import { isCondition, type Condition } from "./condition.ts";
import { MEASUREMENTS, checkMeasurement, type MeasurementKey } from "./measurements.ts";

export const PRODUCT_LIMITS = {
  name: 200, slug: 200, size: 30, description: 5000, stock: 1_000_000, gallery: 10, url: 1000,
  flawNotes: 1000, flawPhotos: 6, baleGrade: 40, baleMix: 120, balePieces: 10_000, baleWeightKg: 1000,
} as const;

/** Decimal(12, 2): at most ten digits of naira. */
const MAX_NAIRA_DIGITS = 10;

export type NairaParse = { ok: true; amount: string } | { ok: false; problem: "empty" | "negative" | "unclear" | "invalid" | "too-large" };

const CURRENCY_PREFIX = /^(?:₦|ngn|n)\s*/i;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;
const PLAIN = /^\d+(?:\.\d{1,2})?$/;

/** Reads an amount of naira as typed; a canonical "12500.00" when it has one meaning only. */
export function parseNaira(text: string): NairaParse {
  let value = text.trim();
  if (!value) return { ok: false, problem: "empty" };
  if (/^[-−–]/.test(value)) return { ok: false, problem: "negative" };
  value = value.replace(CURRENCY_PREFIX, "");
  if (/^[-−–]/.test(value)) return { ok: false, problem: "negative" };
  if (!GROUPED.test(value) && !PLAIN.test(value)) {
    // Digits with commas and dots in a shape that is not ours: "12.500", "12,50", "1,2,3", "1.000,50".
    return { ok: false, problem: /^[\d.,]+$/.test(value) && /\d/.test(value) ? "unclear" : "invalid" };
  }
  const [whole = "", kobo = ""] = value.replace(/,/g, "").split(".");
  const naira = whole.replace(/^0+(?=\d)/, "");
  if (naira.length > MAX_NAIRA_DIGITS) return { ok: false, problem: "too-large" };
  return { ok: true, amount: `${naira}.${kobo.padEnd(2, "0")}` };
}

const AMOUNT_EXAMPLE = "e.g. 12,500 or 12,500.50";

/** The message for an amount that did not parse, in the words the admin sees beside the field. */
export function nairaProblemMessage(label: string, text: string, problem: Exclude<NairaParse, { ok: true }>["problem"]): string {
  switch (problem) {
    case "negative":
      return `${label} cannot be negative`;
    case "unclear":
      return `${label} "${text.trim()}" is unclear: use a comma between thousands and a dot only before kobo (${AMOUNT_EXAMPLE})`;
    case "too-large":
      return `${label} is too large`;
    default:
      return `${label} must be an amount of naira (${AMOUNT_EXAMPLE})`;
  }
}

export interface ProductFieldsInput {
  name: string;
  slug?: string | null;
  price: string;
  originalPrice?: string | null;
  /** A number from the API, or the text of the dialog's field. */
  stock: number | string;
  categoryId?: string | null;
  imageUrl?: string | null;
  galleryUrls?: string[] | null;
  size?: string | null;
  description?: string | null;
  /** Drops: a Lagos date-time field's value ("2026-11-26T19:00"); empty = on sale now. */
  goesLiveAt?: string | null;
  /** A key of common/condition.ts; empty for ungraded. */
  condition?: string | null;
  flawNotes?: string | null;
  flawPhotoUrls?: string[] | null;
  /** Centimetres, as numbers from the API or the text of the dialog's fields. */
  measurements?: Partial<Record<MeasurementKey, number | string | null>> | null;
  /** Bales only. */
  bale?: { pieces?: number | string | null; weightKg?: number | string | null; grade?: string | null; mix?: string | null } | null;
}

/** The measurement columns (centimetres), e.g. pitToPit → pitToPitCm. */
export type MeasurementColumns = { [K in MeasurementKey as `${K}Cm`]: number | null };

export interface ProductFields extends MeasurementColumns {
  name: string;
  slug: string | null;
  price: string;
  originalPrice: string | null;
  stock: number;
  categoryId: string | null;
  imageUrl: string | null;
  galleryUrls: string[];
  size: string | null;
  description: string | null;
  goesLiveAt: Date | null;
  condition: Condition | null;
  flawNotes: string | null;
  flawPhotoUrls: string[];
  balePieces: number | null;
  baleWeightKg: number | null;
  baleGrade: string | null;
  baleMix: string | null;
}

/** True when any bale detail is given (only products in the Bales category may have them). */
export const hasBaleDetails = (p: Pick<ProductFields, "balePieces" | "baleWeightKg" | "baleGrade" | "baleMix">) =>
  p.balePieces !== null || p.baleWeightKg !== null || p.baleGrade !== null || p.baleMix !== null;

export type ProductCheck = { ok: true; product: ProductFields } | { ok: false; field: string; message: string };


/** Empty text becomes null (SPEC §5: empty category, image, size and slug become null). */
function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  return text ? text : null;
}

/** Our own product uploads (/uploads/product-images/…), the demo pictures (/images/…) or an absolute
 *  http(s) URL (Cloudinary). Never another upload folder: a product's picture is public (pages,
 *  previews, the catalogue feeds), and receipts and claim photos are served only by signed link. */
export function productImageUrlOk(url: string): boolean {
  if (url.length > PRODUCT_LIMITS.url) return false;
  if (/^\/(uploads\/product-images|images)\//.test(url)) return /^[\w./-]+$/.test(url) && !/(^|\/)\.\.(\/|$)/.test(url);
  return /^https?:\/\/[^\s]+$/.test(url);
}

function wholeNumber(value: number | string): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The first problem with a product as entered (field and message), or the product to store. */
export function checkProduct(input: ProductFieldsInput): ProductCheck {
  const fail = (field: string, message: string): ProductCheck => ({ ok: false, field, message });
  const name = input.name.trim();
  if (!name) return fail("name", "Product name is required");
  if (name.length > PRODUCT_LIMITS.name) return fail("name", `Name must be at most ${PRODUCT_LIMITS.name} characters`);

  const price = parseNaira(input.price);
  if (!price.ok) {
    return fail("price", price.problem === "empty" ? "Price must be a positive amount of naira" : nairaProblemMessage("Price", input.price, price.problem));
  }
  if (!(Number(price.amount) > 0)) return fail("price", "Price must be a positive amount of naira");
  let originalPrice: string | null = null;
  if (blankToNull(input.originalPrice) !== null) {
    const original = parseNaira(input.originalPrice!);
    if (!original.ok) return fail("originalPrice", nairaProblemMessage("Original price", input.originalPrice!, original.problem));
    if (!(Number(original.amount) > Number(price.amount))) return fail("originalPrice", "Original price must be higher than the price");
    originalPrice = original.amount;
  }

  const stock = wholeNumber(input.stock);
  if (stock === null || stock < 0 || stock > PRODUCT_LIMITS.stock) return fail("stock", "Stock must be a whole number of 0 or more");

  const categoryId = blankToNull(input.categoryId);
  if (categoryId !== null && !isUuid(categoryId)) return fail("categoryId", "Choose a category from the list");

  const slugText = blankToNull(input.slug);
  const slug = slugText === null ? null : slugify(slugText);
  if (slugText !== null && !slug) return fail("slug", "The slug must contain letters or digits");
  if (slug && slug.length > PRODUCT_LIMITS.slug) return fail("slug", `Slug must be at most ${PRODUCT_LIMITS.slug} characters`);

  const imageUrl = blankToNull(input.imageUrl);
  if (imageUrl !== null && !productImageUrlOk(imageUrl)) return fail("imageUrl", "Image must be an uploaded image URL");
  const galleryUrls = (input.galleryUrls ?? []).map((u) => u.trim()).filter(Boolean);
  if (galleryUrls.length > PRODUCT_LIMITS.gallery) return fail("galleryUrls", `At most ${PRODUCT_LIMITS.gallery} gallery images`);
  if (!galleryUrls.every(productImageUrlOk)) return fail("galleryUrls", "Gallery images must be uploaded image URLs");
  if (imageUrl !== null && galleryUrls.includes(imageUrl)) return fail("galleryUrls", "Each picture can be used once");
  if (new Set(galleryUrls).size !== galleryUrls.length) return fail("galleryUrls", "Each picture can be used once");

  const size = blankToNull(input.size);
  if (size && size.length > PRODUCT_LIMITS.size) return fail("size", `Size must be at most ${PRODUCT_LIMITS.size} characters`);
  const description = blankToNull(input.description);
  if (description && description.length > PRODUCT_LIMITS.description) {
    return fail("description", `Description must be at most ${PRODUCT_LIMITS.description} characters`);
  }
  const goesLiveText = blankToNull(input.goesLiveAt);
  const goesLiveAt = goesLiveText === null ? null : parseLagosDateTimeInput(goesLiveText);
  if (goesLiveText !== null && !goesLiveAt) return fail("goesLiveAt", "Goes live at must be a date and time in Lagos, e.g. 2026-11-26T19:00");

  const conditionText = blankToNull(input.condition);
  if (conditionText !== null && !isCondition(conditionText)) return fail("condition", "Choose a condition from the list");
  const condition = conditionText as Condition | null;
  const flawNotes = blankToNull(input.flawNotes);
  if (flawNotes && flawNotes.length > PRODUCT_LIMITS.flawNotes) return fail("flawNotes", `Flaw notes must be at most ${PRODUCT_LIMITS.flawNotes} characters`);
  const flawPhotoUrls = (input.flawPhotoUrls ?? []).map((u) => u.trim()).filter(Boolean);
  if (flawPhotoUrls.length > PRODUCT_LIMITS.flawPhotos) return fail("flawPhotoUrls", `At most ${PRODUCT_LIMITS.flawPhotos} flaw photos`);
  if (!flawPhotoUrls.every(productImageUrlOk)) return fail("flawPhotoUrls", "Flaw photos must be uploaded image URLs");
  if (new Set(flawPhotoUrls).size !== flawPhotoUrls.length) return fail("flawPhotoUrls", "Each flaw photo can be used once");

  const columns = {} as MeasurementColumns;
  for (const { key, label } of MEASUREMENTS) {
    const checked = checkMeasurement(label, input.measurements?.[key]);
    if (!checked.ok) return fail(key, checked.message);
    columns[`${key}Cm`] = checked.cm;
  }

  const bale = input.bale ?? {};
  let balePieces: number | null = null;
  if (bale.pieces !== null && bale.pieces !== undefined && String(bale.pieces).trim() !== "") {
    balePieces = wholeNumber(bale.pieces);
    if (balePieces === null || balePieces < 1 || balePieces > PRODUCT_LIMITS.balePieces) {
      return fail("balePieces", `Pieces in the bale must be a whole number from 1 to ${PRODUCT_LIMITS.balePieces}`);
    }
  }
  let baleWeightKg: number | null = null;
  if (bale.weightKg !== null && bale.weightKg !== undefined && String(bale.weightKg).trim() !== "") {
    const text = String(bale.weightKg).trim().replace(",", ".");
    const kg = /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : NaN;
    if (!(kg > 0 && kg <= PRODUCT_LIMITS.baleWeightKg)) {
      return fail("baleWeightKg", `Bale weight must be kilograms above 0 and at most ${PRODUCT_LIMITS.baleWeightKg}, with at most two decimals, e.g. 45 or 45.5`);
    }
    baleWeightKg = kg;
  }
  const baleGrade = blankToNull(bale.grade);
  if (baleGrade && baleGrade.length > PRODUCT_LIMITS.baleGrade) return fail("baleGrade", `Bale grade must be at most ${PRODUCT_LIMITS.baleGrade} characters`);
  const baleMix = blankToNull(bale.mix);
  if (baleMix && baleMix.length > PRODUCT_LIMITS.baleMix) return fail("baleMix", `Bale mix must be at most ${PRODUCT_LIMITS.baleMix} characters`);

  return {
    ok: true,
    product: {
      name, slug, price: price.amount, originalPrice, stock, categoryId, imageUrl, galleryUrls, size, description, goesLiveAt,
      condition, flawNotes, flawPhotoUrls, ...columns, balePieces, baleWeightKg, baleGrade, baleMix,
    },
  };
}

/** A stand-in that passes the rule, for a field already reported, so the next problem shows. */
function withoutField(input: ProductFieldsInput, field: string): ProductFieldsInput {
  if (field === "name") return { ...input, name: "x" };
  // The smallest price, so a good original price is not reported against a stand-in.
  if (field === "price") return { ...input, price: "0.01" };
  if (field === "stock") return { ...input, stock: 0 };
  if (MEASUREMENTS.some(({ key }) => key === field)) return { ...input, measurements: { ...input.measurements, [field]: null } };
  const bale = ({ balePieces: "pieces", baleWeightKg: "weightKg", baleGrade: "grade", baleMix: "mix" } as Record<string, string>)[field];
  if (bale) return { ...input, bale: { ...input.bale, [bale]: null } };
  return { ...input, [field]: null };
}

/**
 * Every problem with a product as entered, one per field, for the CSV import's report (a row
 * fixed one problem per upload wastes the admin's afternoon). The same rule as checkProduct: each
 * field found wrong is replaced by a stand-in and the rest checked again.
 */
export function productProblems(input: ProductFieldsInput): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  let current = input;
  for (let checked = checkProduct(current); !checked.ok; checked = checkProduct(current)) {
    if (problems.some((p) => p.field === checked.field)) break;
    problems.push({ field: checked.field, message: checked.message });
    current = withoutField(current, checked.field);
  }
  return problems;
}
