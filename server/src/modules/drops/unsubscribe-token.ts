// Signed unsubscribe links: <reminder id>.<HMAC-SHA256 of it>, so a link cannot be made for anybody
// else's reminder and none needs storing. The key lives in the database (app_secrets), made once by
// whichever instance first needs it, so every instance signs and verifies alike.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { appSecret } from "../../db/app-secrets.ts";
import { isUuid } from "../../../../common/uuid.ts";

const KEY_NAME = "drop-unsubscribe";

export function signingKey(prisma: Db): Promise<Buffer> {
  return appSecret(prisma, KEY_NAME);
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
