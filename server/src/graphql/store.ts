// Store settings (contact, socials, bank account) come from configuration, never hard-coded in pages.
import { builder } from "./builder.ts";
import type { StoreSettings as StoreSettingsShape } from "../../../common/store-settings.ts";

const StoreSettings = builder.objectRef<StoreSettingsShape>("StoreSettings").implement({
  description: "The shop's contact details, socials and bank account for transfers (from configuration; public).",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Shop name as shown in the header and emails" }),
    phone: t.exposeString("phone", { description: "Customer-service phone number, as displayed" }),
    whatsapp: t.exposeString("whatsapp", { description: "International number, digits only, for wa.me links" }),
    address: t.exposeString("address", { description: "Shop's street address" }),
    mapUrl: t.exposeString("mapUrl", { description: "Map link (e.g. Google Maps) to the shop" }),
    pickupAddress: t.exposeString("pickupAddress", { description: "Where pickup orders are collected" }),
    instagramUrl: t.exposeString("instagramUrl", { description: "Instagram profile URL" }),
    tiktokUrl: t.exposeString("tiktokUrl", { description: "TikTok profile URL" }),
    email: t.exposeString("email", { description: "Customer-service email address" }),
    bankAccountName: t.exposeString("bankAccountName", { description: "Account name shoppers pay bank transfers to" }),
    bankName: t.exposeString("bankName", { description: "Bank of the account shoppers pay to" }),
    bankAccountNumber: t.exposeString("bankAccountNumber", { description: "Account number shoppers pay to" }),
  }),
});

builder.queryField("storeSettings", (t) =>
  t.field({ type: StoreSettings, authScopes: { public: true }, description: "The shop's contact and bank details (public).", resolve: (_root, _args, ctx) => ctx.config.store }),
);
