// Who may act on an order as its owner: the signed-in user who placed it, the browser that placed
// it as a guest (guest token), or a guest who proves it with the order reference plus the phone.
// A stranger gets the same "not found" answer whether or not the order exists, so references
// cannot be probed.
import { timingSafeEqual } from "node:crypto";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";
import type { Viewer } from "../../auth/viewer.ts";
import type { Db } from "../../db/database.ts";
import { hitRateLimit } from "../accounts/rate-limit.ts";
import { NotFoundError } from "../errors.ts";
import { hashGuestToken } from "../orders/order-queries.ts";

export const ORDER_NOT_FOUND = "Order not found";

/**
 * Guest proofs by reference + phone. Per reference it stops phone guessing; per address it is
 * looser, because many Nigerian mobile users share one carrier address.
 */
export const GUEST_PROOF_RULES = {
  perReference: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
};

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

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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
  if (order.userId && proof.viewer?.userId === order.userId) return true;
  if (!order.userId && proof.guestToken && proof.guestToken.length <= 100 && order.guestTokenHash && sameText(order.guestTokenHash, hashGuestToken(proof.guestToken))) {
    return true;
  }
  // Reference + phone works for guest orders and for signed-in shoppers on another device.
  if (proof.phone && phonesMatch(order.customerPhone, proof.phone)) return true;
  return false;
}

export function assertOwnsOrder(order: OwnedOrderFields | null, proof: OwnershipProof): asserts order is OwnedOrderFields {
  if (!order || !ownsOrder(order, proof)) throw new NotFoundError(ORDER_NOT_FOUND);
}
