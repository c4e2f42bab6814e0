// Sessions as lucia-auth.com describes them: the token is "<id>.<secret>", each part 120+ bits of
// randomness; only SHA-256(secret) is stored and compared in constant time. Sliding expiry with an
// absolute cap; signing out deletes the row.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../db/database.ts";
import { roleOf, type Viewer } from "./viewer.ts";

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
const REFRESH_WHEN_LEFT_MS = 15 * DAY;
const ABSOLUTE_CAP_MS = 90 * DAY;

function randomPart(): string {
  const bytes = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export async function createSession(prisma: Db, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const id = randomPart();
  const secret = randomPart();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await prisma.session.create({
    data: { id, userId, secretHash: encodeHexLowerCase(hashSecret(secret)), createdAt: now, expiresAt },
  });
  return { token: `${id}.${secret}`, expiresAt };
}

export interface ValidatedSession {
  viewer: Viewer;
  /** Set when the expiry slid forward and the cookie must be re-sent. */
  refreshedExpiresAt: Date | null;
}

export async function validateSessionToken(prisma: Db, token: string, now = new Date()): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const session = await prisma.session.findUnique({
    where: { id },
    include: { user: { select: { id: true, email: true, roles: { select: { role: true } } } } },
  });
  if (!session) return null;
  if (!constantTimeEqual(hashSecret(secret), decodeHex(session.secretHash))) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  let refreshedExpiresAt: Date | null = null;
  if (session.expiresAt.getTime() - now.getTime() < REFRESH_WHEN_LEFT_MS) {
    const cap = session.createdAt.getTime() + ABSOLUTE_CAP_MS;
    const next = new Date(Math.min(now.getTime() + SESSION_LIFETIME_MS, cap));
    if (next.getTime() > session.expiresAt.getTime()) {
      await prisma.session.update({ where: { id }, data: { expiresAt: next } });
      refreshedExpiresAt = next;
    }
  }
  return {
    viewer: {
      userId: session.user.id,
      email: session.user.email,
      sessionId: session.id,
      ...roleFields(session.user.roles),
    },
    refreshedExpiresAt,
  };
}

export async function invalidateSession(prisma: Db, sessionId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

function roleFields(rows: { role: string }[]): Pick<Viewer, "role" | "isAdmin"> {
  const role = roleOf(rows);
  return { role, isAdmin: role === "admin" };
}
