// Where a sale was made (decision 035), written once for the schema, the server's checks, the
// owner's figures and CSV, and the admin screens. `web` is the site's own checkout; the others are
// orders the owner takes in a chat or at the stall (createManualOrder), from the same stock.
export const SALE_CHANNELS = ["web", "whatsapp", "instagram", "in_person", "other"] as const;
export type SaleChannelName = (typeof SALE_CHANNELS)[number];

/** The channels an owner records an order for by hand: every one but the site's checkout. */
export const MANUAL_SALE_CHANNELS = SALE_CHANNELS.filter((channel) => channel !== "web") as Exclude<SaleChannelName, "web">[];

export const SALE_CHANNEL_LABELS: Record<SaleChannelName, string> = {
  web: "Web store",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  in_person: "In person",
  other: "Other",
};

/** How long an order taken by hand may hold its pieces, in hours (its default is HOLD_HOURS). */
export const MANUAL_HOLD_HOURS = { min: 1, max: 72 } as const;
