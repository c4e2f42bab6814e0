// Reading orders as a shopper: their own list, the thank-you page's latest order, the tracker.
// Who may see an order's contact details is decided here (DESIGN §6.7).
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../../db/database.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { isUuid } from "../cart/cart.service.ts";

/** Orders this request has proven it owns without an account (guest token, reference + phone). */
const grantedOrders = new WeakMap<object, Set<string>>();

/** Lets this request see the order's contact details (the guest who placed it, or a payments check). */
export function grantOrderAccess(ctx: object, orderId: string): void {
  let set = grantedOrders.get(ctx);
  if (!set) grantedOrders.set(ctx, (set = new Set()));
  set.add(orderId);
}

/** The owner (by account or by proof in this request) or an admin. */
export function canSeeOrderContact(ctx: { viewer: Viewer | null }, order: { id: string; userId: string | null }): boolean {
  if (ctx.viewer?.isAdmin) return true;
  if (ctx.viewer && order.userId === ctx.viewer.userId) return true;
  return grantedOrders.get(ctx)?.has(order.id) ?? false;
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

function guestTokenMatches(storedHash: string | null, token: string | null | undefined): boolean {
  if (!storedHash || !token || token.length > 100) return false;
  const given = new TextEncoder().encode(hashGuestToken(token));
  const stored = new TextEncoder().encode(storedHash);
  return given.length === stored.length && constantTimeEqual(given, stored);
}

/** Short order ids are Crockford base32: accept lower case and the look-alikes O→0, I/L→1. */
export function normaliseReference(reference: string): string {
  return reference.trim().toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1").replace(/-/g, "");
}

/** The tracker's lookup: by short order id, or by the full id. Null when there is none. */
export async function findOrderIdByReference(prisma: Db, reference: string): Promise<string | null> {
  const value = reference.trim();
  if (!value || value.length > 64) return null;
  const order = isUuid(value)
    ? await prisma.order.findUnique({ where: { id: value.toLowerCase() }, select: { id: true } })
    : await prisma.order.findUnique({ where: { shortOrderId: normaliseReference(value) }, select: { id: true } });
  return order?.id ?? null;
}

/**
 * The thank-you page's order: a signed-in shopper's newest; for a guest, the order this browser
 * placed (proven by its guest token). Never anyone else's. Grants contact access on a token match.
 */
export async function latestOrderId(
  prisma: Db,
  ctx: { viewer: Viewer | null },
  guest: { orderId?: string | null; token?: string | null },
): Promise<string | null> {
  if (ctx.viewer) {
    const mine = await prisma.order.findFirst({ where: { userId: ctx.viewer.userId }, orderBy: { createdAt: "desc" }, select: { id: true } });
    if (mine) return mine.id;
  }
  if (!guest.orderId || !isUuid(guest.orderId)) return null;
  const order = await prisma.order.findUnique({ where: { id: guest.orderId.toLowerCase() }, select: { id: true, guestTokenHash: true } });
  if (!order || !guestTokenMatches(order.guestTokenHash, guest.token)) return null;
  grantOrderAccess(ctx, order.id);
  return order.id;
}

/** Grants this request the owner's view of an order when the browser holds its guest token. */
export async function proveGuestOwnership(prisma: Db, ctx: object, orderId: string, token: string | null | undefined): Promise<void> {
  if (!token) return;
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { guestTokenHash: true } });
  if (order && guestTokenMatches(order.guestTokenHash, token)) grantOrderAccess(ctx, orderId);
}
