// Keys the server signs links with, kept in the database (app_secrets) so every instance signs and
// verifies alike: made once, by whichever instance first needs one, and cached per database.
import { randomBytes } from "node:crypto";
import type { Db } from "./database.ts";

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

export function appSecret(prisma: Db, name: string): Promise<Buffer> {
  let byName = keys.get(prisma);
  if (!byName) keys.set(prisma, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = (async () => {
      // ON CONFLICT: two instances starting at once keep the first key.
      await prisma.$executeRaw`INSERT INTO app_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString("base64url")}) ON CONFLICT (name) DO NOTHING`;
      const row = await prisma.appSecret.findUniqueOrThrow({ where: { name } });
      return Buffer.from(row.value, "base64url");
    })();
    key.catch(() => byName!.delete(name));
    byName.set(name, key);
  }
  return key;
}
