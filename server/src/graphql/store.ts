// Store settings (contact, socials, bank account) come from configuration, never hard-coded in pages.
import { builder } from "./builder.ts";
import type { StoreSettings as StoreSettingsShape } from "../config.ts";

const StoreSettings = builder.objectRef<StoreSettingsShape>("StoreSettings").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    phone: t.exposeString("phone"),
    whatsapp: t.exposeString("whatsapp", { description: "International number, digits only, for wa.me links" }),
    address: t.exposeString("address"),
    mapUrl: t.exposeString("mapUrl"),
    pickupAddress: t.exposeString("pickupAddress"),
    instagramUrl: t.exposeString("instagramUrl"),
    tiktokUrl: t.exposeString("tiktokUrl"),
    email: t.exposeString("email"),
    bankAccountName: t.exposeString("bankAccountName"),
    bankName: t.exposeString("bankName"),
    bankAccountNumber: t.exposeString("bankAccountNumber"),
  }),
});

builder.queryField("storeSettings", (t) =>
  t.field({ type: StoreSettings, authScopes: { public: true }, resolve: (_root, _args, ctx) => ctx.config.store }),
);
