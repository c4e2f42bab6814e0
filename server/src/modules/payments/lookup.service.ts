// Finding orders for payments: by id, by reference + phone for guests, and the public status history.
import type { Db } from "../../db/database.ts";
import { normalizeNigerianPhone, phoneError } from "../../../../common/phone.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { normaliseReference } from "../orders/readable-codes.ts";
import { limitGuestProof, phonesMatch } from "../orders/ownership.ts";
import { limitMisses } from "../accounts/rate-limit.ts";

/**
 * Reference lookups that find nothing (guesses) per client address. Generous for a carrier address
 * shared by many shoppers (a typo now and then), far below what guessing references needs.
 */
export const REFERENCE_MISSES = { limit: 30, windowSeconds: 10 * 60 };

/** Runs a lookup by order reference (tracker, status history) under the per-address guess limit:
 *  only lookups that find nothing use up the allowance (limitMisses). */
export function throttledReferenceLookup<T>(prisma: Db, ip: string, lookup: () => Promise<T | null>, now = new Date()): Promise<T | null> {
  return limitMisses(prisma, `reference-miss:ip:${ip}`, REFERENCE_MISSES, lookup, (found) => found === null, now);
}

/** An order reference once normalised (normaliseReference). */
export const REFERENCE = /^[0-9A-Z]{4,20}$/;

export function findOrderById(prisma: Db, id: string) {
  return isUuid(id) ? prisma.order.findUnique({ where: { id: id.toLowerCase() } }) : Promise.resolve(null);
}

export const LOOKUP_NOT_FOUND = "No order matches that reference and phone number";

/**
 * A guest opens full order details with the reference plus the phone used at checkout. Rate-limited
 * per client and per reference; a wrong phone and an unknown reference get the same answer.
 */
export async function findOrderByReferenceAndPhone(prisma: Db, input: { reference: string; phone: string }, ip: string, now = new Date()) {
  const reference = normaliseReference(input.reference).replace(/\s/g, "");
  if (!REFERENCE.test(reference)) throw new ValidationError("Enter the order reference from your confirmation", "reference");
  const problem = phoneError(input.phone);
  if (problem) throw new ValidationError(problem, "phone");
  await limitGuestProof(prisma, ip, reference, now);
  const order = await prisma.order.findUnique({ where: { shortOrderId: reference } });
  if (!order || !phonesMatch(order.customerPhone, normalizeNigerianPhone(input.phone)!)) throw new NotFoundError(LOOKUP_NOT_FOUND);
  return order;
}

export interface StatusStep {
  status: string;
  paymentStatus: string;
  at: Date;
}

/**
 * The order's status history, safe to show anyone holding the reference: statuses and times only,
 * rebuilt from the audit log (every change of status or payment status is audited).
 */
export async function orderStatusHistory(prisma: Db, reference: string): Promise<StatusStep[] | null> {
  const order = await prisma.order.findUnique({
    where: { shortOrderId: normaliseReference(reference) },
    select: { createdAt: true, auditEntries: { orderBy: { createdAt: "asc" }, select: { action: true, after: true, createdAt: true } } },
  });
  if (!order) return null;
  const steps: StatusStep[] = [{ status: "pending", paymentStatus: "awaiting_transfer", at: order.createdAt }];
  for (const entry of order.auditEntries) {
    // A claim's decision is audited on its order with the claim's status ("refunded"): not the
    // order's, and private to its owner (decision 038).
    if (entry.action.startsWith("claim.")) continue;
    const after = entry.after && typeof entry.after === "object" && !Array.isArray(entry.after) ? (entry.after as Record<string, unknown>) : {};
    const last = steps[steps.length - 1]!;
    const status = typeof after.status === "string" ? after.status : last.status;
    const paymentStatus = typeof after.paymentStatus === "string" ? after.paymentStatus : last.paymentStatus;
    if (status !== last.status || paymentStatus !== last.paymentStatus) steps.push({ status, paymentStatus, at: entry.createdAt });
  }
  return steps;
}
