// Who may act on an order as its owner (DESIGN §6.7), decided here and nowhere else: the signed-in
// shopper who placed it, the browser that placed it as a guest (its guest token), or a guest who
// proves it with the order reference plus the checkout phone. A stranger gets the same "not found"
// answer whether or not the order exists, so references cannot be probed.
//
// A proof made during a request (a guest token on the tracker, reference + phone, the receipt just
// sent) is remembered on that request's context (`orderGrants`), so the order it returns shows its
// owner-only fields; the GraphQL scope `orderOwner` (graphql/builder.ts) reads it per order.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";
import type { Viewer } from "../../auth/viewer.ts";
import type { Db } from "../../db/database.ts";
import { hitRateLimit } from "../accounts/rate-limit.ts";
import { NotFoundError } from "../errors.ts";

export const ORDER_NOT_FOUND = "Order not found";

/**
 * Guest proofs by reference + phone. Per reference it stops phone guessing; per address it is
 * looser, because many Nigerian mobile users share one carrier address.
 */
export const GUEST_PROOF_RULES = {
  perReference: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
};

/** The request's side of ownership: who is signed in, and the orders proven in this request. */
export interface OwnershipContext {
  viewer: Viewer | null;
  /** Order ids this request has proven it owns without an account. */
  orderGrants: Set<string>;
}

export interface OwnershipProof {
  viewer: Viewer | null;
  /** The phone the order was placed with (guests proving ownership). */
  phone?: string | null;
  /** The secret this browser received when it placed the order as a guest. */
  guestToken?: string | null;
  ip: string;
}

export interface OwnedOrderFields {
  userId: string | null;
  customerPhone: string;
  guestTokenHash: string | null;
}

/** A fresh one-time secret for the browser that placed a guest order; only its hash is stored. */
export function newGuestToken(): { token: string; hash: string } {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  return { token, hash: hashGuestToken(token) };
}

export function hashGuestToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Constant-time, so the stored hash cannot be learnt from response times. */
export function guestTokenMatches(storedHash: string | null, token: string | null | undefined): boolean {
  if (!storedHash || !token || token.length > 100) return false;
  const given = new TextEncoder().encode(hashGuestToken(token));
  const stored = new TextEncoder().encode(storedHash);
  return given.length === stored.length && constantTimeEqual(given, stored);
}

/** The signed-in shopper placed this order. */
export function placedByViewer(order: { userId: string | null }, viewer: Viewer | null): boolean {
  return order.userId !== null && viewer?.userId === order.userId;
}

/** Phones compare in +234 form, so "0803 123 4567" matches "+2348031234567". */
export function phonesMatch(stored: string, given: string): boolean {
  const a = normalizeNigerianPhone(stored) ?? stored.replace(/\s/g, "");
  const b = normalizeNigerianPhone(given);
  return b !== null && a === b;
}

/** Counts a reference + phone attempt against the client address and the reference. */
export async function limitGuestProof(prisma: Db, ip: string, reference: string, now = new Date()): Promise<void> {
  await hitRateLimit(prisma, [`guest-lookup:ref:${reference.toUpperCase()}`], GUEST_PROOF_RULES.perReference, now);
  await hitRateLimit(prisma, [`guest-lookup:ip:${ip}`], GUEST_PROOF_RULES.perAddress, now);
}

/** True when the proof shows the requester owns the order (rate limits are the caller's concern). */
export function ownsOrder(order: OwnedOrderFields, proof: OwnershipProof): boolean {
  if (placedByViewer(order, proof.viewer)) return true;
  if (!order.userId && guestTokenMatches(order.guestTokenHash, proof.guestToken)) return true;
  // Reference + phone works for guest orders and for signed-in shoppers on another device.
  if (proof.phone && phonesMatch(order.customerPhone, proof.phone)) return true;
  return false;
}

export function assertOwnsOrder(order: OwnedOrderFields | null, proof: OwnershipProof): asserts order is OwnedOrderFields {
  if (!order || !ownsOrder(order, proof)) throw new NotFoundError(ORDER_NOT_FOUND);
}

/** Lets this request see the order as its owner does (after a guest proof). */
export function grantOrderAccess(ctx: OwnershipContext, orderId: string): void {
  ctx.orderGrants.add(orderId);
}

/** The owner, by account or by a proof made in this request (admins are a separate scope). */
export function isOrderOwner(ctx: OwnershipContext, order: { id: string; userId: string | null }): boolean {
  return placedByViewer(order, ctx.viewer) || ctx.orderGrants.has(order.id);
}

/** Grants this request the owner's view of an order when the browser holds its guest token. */
export async function proveGuestOwnership(prisma: Db, ctx: OwnershipContext, orderId: string, token: string | null | undefined): Promise<void> {
  if (!token) return;
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { guestTokenHash: true } });
  if (order && guestTokenMatches(order.guestTokenHash, token)) grantOrderAccess(ctx, orderId);
}
