// Signed unsubscribe links: <reminder id>.<HMAC-SHA256 of it>, so a link cannot be made for anybody
// else's reminder and none needs storing. The key lives in the database (app_secrets), made once by
// whichever instance first needs it, so every instance signs and verifies alike.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { isUuid } from "../../../../common/uuid.ts";

const KEY_NAME = "drop-unsubscribe";
const keys = new WeakMap<Db, Promise<Buffer>>();

export function signingKey(prisma: Db): Promise<Buffer> {
  let key = keys.get(prisma);
  if (!key) {
    key = (async () => {
      // ON CONFLICT: two instances starting at once keep the first key.
      await prisma.$executeRaw`INSERT INTO app_secrets (name, value) VALUES (${KEY_NAME}, ${randomBytes(32).toString("base64url")}) ON CONFLICT (name) DO NOTHING`;
      const row = await prisma.appSecret.findUniqueOrThrow({ where: { name: KEY_NAME } });
      return Buffer.from(row.value, "base64url");
    })();
    key.catch(() => keys.delete(prisma));
    keys.set(prisma, key);
  }
  return key;
}

const mac = (key: Buffer, id: string) => createHmac("sha256", key).update(`drop-reminder:${id.toLowerCase()}`).digest("base64url");

export function unsubscribeToken(key: Buffer, reminderId: string): string {
  return `${reminderId}.${mac(key, reminderId)}`;
}

/** The reminder id a token names, or null when it is not one of our signatures. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  const [id, signature, ...rest] = token.split(".");
  if (!id || !signature || rest.length || !isUuid(id)) return null;
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id.toLowerCase() : null;
}
