// Discount codes: the admin's list, creating and changing a code (audited), the cart's preview, and
// the checkout's use of a code inside its own transaction. The rules are common/discount-codes.ts;
// this module decides with them against the database (decision 037).
import { Prisma, type DiscountCode } from "../../generated/prisma/client.ts";
import type { Db, SqlRunner } from "../../db/database.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { checkDiscountCode, codeRefusal, CODE_MESSAGES, discountFor, normalizeCode, type CodeTerms, type DiscountCodeFields } from "../../../../common/discount-codes.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { cleanGuestLines, type GuestCartLine } from "../cart/cart.service.ts";
import { visibleNowSql } from "../catalog/visibility.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { countEvent, limitMisses, retryAfter, type RateRule } from "../accounts/rate-limit.ts";

function checked(input: DiscountCodeFields) {
  const result = checkDiscountCode(input);
  if (!result.ok) throw new ValidationError(result.message, result.field);
  return result.value;
}

const auditOf = (code: DiscountCode) => JSON.parse(JSON.stringify(code)) as Prisma.InputJsonValue;

const taken = (code: string) => new ValidationError(`There is already a code ${code}`, "code");

export async function createDiscountCode(prisma: Db, actor: Actor, input: DiscountCodeFields): Promise<DiscountCode> {
  const data = checked(input);
  try {
    return await prisma.$transaction(async (tx) => {
      const created = await tx.discountCode.create({ data });
      await recordAudit(tx, { actor, action: "discount_code.created", entityType: "discount_code", entityId: created.id, after: auditOf(created) });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, "code")) throw taken(data.code);
    throw error;
  }
}

/** Replaces a code's terms; its uses so far stay (a code renamed keeps its count). */
export async function updateDiscountCode(prisma: Db, actor: Actor, id: string, input: DiscountCodeFields): Promise<DiscountCode> {
  const data = checked(input);
  try {
    return await prisma.$transaction(async (tx) => {
      const before = isUuid(id) ? await tx.discountCode.findUnique({ where: { id } }) : null;
      if (!before) throw new NotFoundError("That discount code no longer exists");
      const after = await tx.discountCode.update({ where: { id }, data });
      await recordAudit(tx, { actor, action: "discount_code.updated", entityType: "discount_code", entityId: id, before: auditOf(before), after: auditOf(after) });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, "code")) throw taken(data.code);
    throw error;
  }
}

/** The columns of a code the rules read, named as CodeTerms; amounts as text ("2000.00"). */
const TERMS = Prisma.sql`dc.percent_off AS "percentOff", dc.amount_off::text AS "amountOff", dc.min_subtotal::text AS "minSubtotal",
  dc.starts_at AS "startsAt", dc.ends_at AS "endsAt", dc.max_uses AS "maxUses", dc.uses, dc.active`;

async function readTerms(sql: SqlRunner, code: string): Promise<CodeTerms | null> {
  const [terms] = await sql<CodeTerms>(Prisma.sql`SELECT ${TERMS} FROM discount_codes dc WHERE dc.code = ${code}`);
  return terms ?? null;
}

export interface DiscountPreview {
  code: string;
  subtotal: string;
  /** What the code takes off the items: "0.00" when it does not apply. */
  discount: string;
  /** Why the code does not apply; null when it does. */
  reason: string | null;
}

/**
 * The cart's "what would this code do": the items priced as the checkout prices them (a signed-in
 * shopper's server cart, a guest's lines), and the code's answer. Counts nothing; the checkout
 * decides again (and only it knows the phone, for a limit per phone).
 */
export async function previewDiscount(sql: SqlRunner, viewer: Viewer | null, text: string, items: GuestCartLine[] | null, now = new Date()): Promise<DiscountPreview> {
  const code = normalizeCode(text);
  const lines = viewer ? null : cleanGuestLines(items ?? []);
  const priced = viewer
    ? Prisma.sql`SELECT p.price, c.quantity FROM cart_items c JOIN products p ON p.id = c.product_id WHERE c.user_id = ${viewer.userId}::uuid AND ${visibleNowSql(now)}`
    : lines!.length
      ? Prisma.sql`SELECT p.price, l.quantity FROM products p
          JOIN (VALUES ${Prisma.join(lines!.map((l) => Prisma.sql`(${l.productId}::uuid, ${l.quantity}::int)`))}) AS l(id, quantity) ON l.id = p.id
          WHERE ${visibleNowSql(now)}`
      : null;
  const [row] = await sql<{ subtotal: string; terms: CodeTerms | null }>(Prisma.sql`
    SELECT COALESCE((SELECT SUM(p.price * p.quantity) FROM (${priced ?? Prisma.sql`SELECT 0::numeric AS price, 0 AS quantity`}) p), 0)::numeric(12,2)::text AS subtotal,
      (SELECT row_to_json(t) FROM (SELECT ${TERMS} FROM discount_codes dc WHERE dc.code = ${code}) t) AS terms`);
  const subtotal = row!.subtotal;
  const reason = codeRefusal(row!.terms, subtotal, now);
  return { code, subtotal, discount: reason ? "0.00" : discountFor(row!.terms!, subtotal), reason };
}

/**
 * Previews of codes the shop does not have (or has switched off: the shopper gets the same answer)
 * per client address, so a stranger cannot find codes by trying them. Larger than the order
 * tracker's 30 (payments/lookup.service.ts): on a drop night a code announced on Instagram is typed
 * by thousands of shoppers, and those behind one carrier address (CGNAT) share the allowance, so
 * their typos must not use it up for the rest (issue 39); guessing a code still takes far more
 * tries than 200 in ten minutes. A code that exists costs nothing, however often a shopper
 * re-checks it as the cart changes.
 */
export const CODE_MISSES: RateRule = { limit: 200, windowSeconds: 10 * 60 };

/** previewDiscount under CODE_MISSES; RateLimitError once an address has used them up. */
export function throttledDiscountPreview(prisma: Db, sql: SqlRunner, ip: string, viewer: Viewer | null, text: string, items: GuestCartLine[] | null, now = new Date()): Promise<DiscountPreview> {
  return limitMisses(prisma, `discount-miss:ip:${ip}`, CODE_MISSES, () => previewDiscount(sql, viewer, text, items, now), (preview) => preview.reason === CODE_MESSAGES.notValid, now);
}

/**
 * A checkout refused for its code, under the previews' allowance (CODE_MISSES, the same key): a code
 * the shop does not have is a miss, and once the address has used up its misses every refused code
 * is answered "too many attempts" instead, whatever the reason, so placeOrder cannot be used to find
 * codes either. A code that applies costs nothing: the order is placed. Returns the error to throw.
 */
export async function throttledCodeRefusal(prisma: Db, ip: string, refusal: ValidationError, now = new Date()): Promise<Error> {
  const key = `discount-miss:ip:${ip}`;
  const misses =
    refusal.message === CODE_MESSAGES.notValid
      ? await countEvent(prisma, key, CODE_MISSES.windowSeconds, now)
      : ((await prisma.rateLimit.findFirst({ where: { key, resetAt: { gt: now } }, select: { count: true } }))?.count ?? 0);
  if (misses <= CODE_MISSES.limit) return refusal;
  const row = await prisma.rateLimit.findUnique({ where: { key }, select: { resetAt: true } });
  return retryAfter(row?.resetAt ?? now, now);
}

/**
 * The checkout's use of a code, in the checkout's transaction, once its items are priced: one
 * guarded `UPDATE … RETURNING` counts the use only if the code applies now, and (same statement)
 * the use by this phone number. The update holds the code's row until the order commits, so twenty
 * checkouts racing for a single-use code queue there and exactly one is counted; the others find
 * it used up. A refusal throws with the shopper's message, and the transaction writes nothing.
 */
export async function useDiscountCode(sql: SqlRunner, text: string, phone: string, subtotal: string, now: Date): Promise<{ code: string; discount: string }> {
  const code = normalizeCode(text);
  const [used] = await sql<{ percentOff: number | null; amountOff: string | null; maxUsesPerPhone: number | null; phoneUses: number }>(Prisma.sql`
    WITH used AS (
      UPDATE discount_codes dc SET uses = dc.uses + 1, updated_at = ${now}
      WHERE dc.code = ${code} AND dc.active AND (dc.max_uses IS NULL OR dc.uses < dc.max_uses)
        AND (dc.starts_at IS NULL OR dc.starts_at <= ${now}) AND (dc.ends_at IS NULL OR dc.ends_at > ${now})
        AND (dc.min_subtotal IS NULL OR dc.min_subtotal <= ${subtotal}::numeric)
      RETURNING dc.id, dc.percent_off AS "percentOff", dc.amount_off::text AS "amountOff", dc.max_uses_per_phone AS "maxUsesPerPhone"
    ), by_phone AS (
      INSERT INTO discount_code_phones (code_id, phone, uses) SELECT id, ${phone}, 1 FROM used
      ON CONFLICT (code_id, phone) DO UPDATE SET uses = discount_code_phones.uses + 1
      RETURNING uses
    )
    SELECT used."percentOff", used."amountOff", used."maxUsesPerPhone", (SELECT uses FROM by_phone) AS "phoneUses" FROM used`);
  if (!used) throw new ValidationError(codeRefusal(await readTerms(sql, code), subtotal, now) ?? CODE_MESSAGES.usedUp, "discountCode");
  if (used.maxUsesPerPhone !== null && used.phoneUses > used.maxUsesPerPhone) throw new ValidationError(CODE_MESSAGES.usedByPhone, "discountCode");
  return { code, discount: discountFor(used, subtotal) };
}
