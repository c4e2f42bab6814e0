// Sign-in throttling that a stranger cannot turn against a user (decision 013-sign-in-throttling-and-password-policy-auth-input.md).
// Only failures count. Three counters, each locking with a delay that doubles per further failure:
// - (account, address): after 5 failures; the one that slows a guesser down;
// - address: after 50 failures (a carrier NAT address is shared by many shoppers);
// - account: after 20 failures from anywhere, but only for addresses that have never signed in to
//   the account, so the owner's usual address is never locked out by failures from elsewhere.
// A success clears its (account, address) counter and remembers the pair as a known address.
import { createHash } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { activeUntil, clearKeys, countEvent, retryAfter, setUntil } from "./rate-limit.ts";

export const LOGIN_THROTTLE = {
  pair: { freeFailures: 5, windowSeconds: 24 * 3600, baseDelaySeconds: 30, maxDelaySeconds: 3600 },
  address: { freeFailures: 50, windowSeconds: 3600, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  account: { freeFailures: 20, windowSeconds: 3600, baseDelaySeconds: 60, maxDelaySeconds: 3600 },
  knownAddressDays: 180,
} as const;

interface Rule {
  freeFailures: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Emails and addresses are stored hashed together, never as a readable (email, address) pair. */
function pairId(email: string, ip: string): string {
  return createHash("sha256").update(`${email}\n${ip}`).digest("hex").slice(0, 40);
}

function keys(email: string, ip: string) {
  const pair = pairId(email, ip);
  return {
    pairFailures: `login-fail:pair:${pair}`,
    pairLock: `login-lock:pair:${pair}`,
    addressFailures: `login-fail:addr:${ip}`,
    addressLock: `login-lock:addr:${ip}`,
    accountFailures: `login-fail:acct:${email}`,
    accountLock: `login-lock:acct:${email}`,
    known: `login-known:${pair}`,
  };
}

function delaySeconds(failures: number, rule: Rule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** Math.min(20, failures - rule.freeFailures));
}

/** Throws RateLimitError when this sign-in attempt must wait; checked before the password. */
export async function assertMayTryLogin(prisma: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const k = keys(email, ip);
  const pairLocked = await activeUntil(prisma, [k.pairLock], now);
  if (pairLocked) throw retryAfter(pairLocked, now);
  const wideLocked = await activeUntil(prisma, [k.addressLock, k.accountLock], now);
  if (wideLocked && !(await activeUntil(prisma, [k.known], now))) throw retryAfter(wideLocked, now);
}

export async function recordLoginFailure(prisma: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const k = keys(email, ip);
  const counters: [string, string, Rule][] = [
    [k.pairFailures, k.pairLock, LOGIN_THROTTLE.pair],
    [k.addressFailures, k.addressLock, LOGIN_THROTTLE.address],
    [k.accountFailures, k.accountLock, LOGIN_THROTTLE.account],
  ];
  for (const [counter, lock, rule] of counters) {
    const delay = delaySeconds(await countEvent(prisma, counter, rule.windowSeconds, now), rule);
    if (delay > 0) await setUntil(prisma, lock, new Date(now.getTime() + delay * 1000));
  }
}

export async function recordLoginSuccess(prisma: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const k = keys(email, ip);
  await clearKeys(prisma, [k.pairFailures, k.pairLock]);
  await setUntil(prisma, k.known, new Date(now.getTime() + LOGIN_THROTTLE.knownAddressDays * 24 * 3600 * 1000));
}
