// Offers: discount codes (the admin's list and edits, the cart's preview), an order's discount and
// bundle window, and adding pieces to an order (addToOrder). The checkout takes a code through
// PlaceOrderInput.discountCode (orders.ts); the rules live in modules/offers and common/.
import { builder } from "./builder.ts";
import { DomainError, InsufficientStockError, NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { recordStockWrite } from "./cache-policy.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { addToOrder } from "../modules/offers/add-to-order.service.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { GuestCartLineInput } from "./cart.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { createDiscountCode, throttledDiscountPreview, updateDiscountCode, type DiscountPreview } from "../modules/offers/discount-codes.service.ts";
import type { DiscountCodeFields } from "../../../common/discount-codes.ts";
import { addableUntil } from "../../../common/bundles.ts";

const DiscountCodeRef = builder.prismaObject("DiscountCode", {
  description: "A discount code shoppers type at checkout (admins only).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Code id (UUID)" }),
    code: t.exposeString("code", { description: "The code in capitals; shoppers may type it in any case" }),
    percentOff: t.exposeInt("percentOff", { nullable: true, description: "Percent off the items (1–90); null for an amount off" }),
    amountOff: t.expose("amountOff", { type: "Money", nullable: true, description: "Naira off the items; null for a percent off" }),
    minSubtotal: t.expose("minSubtotal", { type: "Money", nullable: true, description: "The items' total an order needs for the code; null for any" }),
    startsAt: t.expose("startsAt", { type: "DateTime", nullable: true, description: "From when the code works; null for at once" }),
    endsAt: t.expose("endsAt", { type: "DateTime", nullable: true, description: "When the code stops working; null for never" }),
    maxUses: t.exposeInt("maxUses", { nullable: true, description: "Orders the code may discount in all; null for no limit" }),
    maxUsesPerPhone: t.exposeInt("maxUsesPerPhone", { nullable: true, description: "Orders per phone number; null for no limit" }),
    active: t.exposeBoolean("active", { description: "False: the code is switched off" }),
    uses: t.exposeInt("uses", { description: "Orders placed with the code so far" }),
  }),
});

const DiscountCodeInput = builder.inputType("DiscountCodeInput", {
  description: "A discount code's terms. Exactly one of percentOff and amountOff.",
  fields: (t) => ({
    code: t.string({ required: true, description: "Letters and digits, e.g. IGFAM10 (kept in capitals, unique)" }),
    percentOff: t.int({ required: false, description: "Percent off the items, 1–90" }),
    amountOff: t.string({ required: false, description: "Naira off the items, typed as prices are, e.g. 2,000" }),
    minSubtotal: t.string({ required: false, description: "Naira: the items' total an order needs for the code, e.g. 10,000" }),
    startsAt: t.field({ type: "DateTime", required: false, description: "From when the code works (empty: at once)" }),
    endsAt: t.field({ type: "DateTime", required: false, description: "When the code stops working (empty: never)" }),
    maxUses: t.int({ required: false, description: "Orders the code may discount in all (empty: no limit)" }),
    maxUsesPerPhone: t.int({ required: false, description: "Orders per phone number (empty: no limit)" }),
    active: t.boolean({ required: false, defaultValue: true, description: "False switches the code off" }),
  }),
});

const DiscountPreviewType = builder.objectRef<DiscountPreview>("DiscountPreview").implement({
  description: "What a code would take off the cart now. The checkout decides again when the order is placed.",
  fields: (t) => ({
    code: t.exposeString("code", { description: "The code as the shop knows it (capitals)" }),
    subtotal: t.expose("subtotal", { type: "Money", description: "The cart's items at today's prices" }),
    discount: t.expose("discount", { type: "Money", description: "What the code takes off the items; 0 when it does not apply" }),
    reason: t.exposeString("reason", { nullable: true, description: "Why the code does not apply (e.g. \"This code has expired\"); null when it does" }),
  }),
});

type CodeInput = typeof DiscountCodeInput.$inferInput;
const fields = (input: CodeInput): DiscountCodeFields => ({ ...input, amountOff: input.amountOff ?? null, minSubtotal: input.minSubtotal ?? null });

builder.queryFields((t) => ({
  adminDiscountCodes: t.withAuth({ admin: true }).prismaField({
    type: ["DiscountCode"],
    description: "Every discount code with its uses so far, active ones first, newest first (admin).",
    resolve: (query, _root, _args, ctx) => ctx.prisma.discountCode.findMany({ ...nonEmptySelect(query), orderBy: [{ active: "desc" }, { createdAt: "desc" }], take: 500 }),
  }),
  discountPreview: t.field({
    type: DiscountPreviewType,
    description:
      "What a discount code would take off the cart (a signed-in shopper's server cart, or a guest's lines), or why it does not apply. RateLimitError after too many codes the shop does not have from one address.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, RateLimitError] },
    args: {
      code: t.arg.string({ required: true, description: "The code as the shopper typed it" }),
      items: t.arg({ type: [GuestCartLineInput], required: false, description: "A guest's cart lines; ignored for a signed-in shopper" }),
    },
    resolve: (_root, { code, items }, ctx) =>
      throttledDiscountPreview(ctx.prisma, ctx.sql, ctx.ip, ctx.viewer, code, items?.map((l) => ({ productId: String(l.productId), quantity: l.quantity })) ?? null),
  }),
}));

builder.mutationFields((t) => ({
  createDiscountCode: t.field({
    type: DiscountCodeRef,
    description: "Creates a discount code (admin).",
    authScopes: { admin: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: DiscountCodeInput, required: true, description: "The code's terms" }) },
    resolve: (_root, { input }, ctx) => createDiscountCode(ctx.prisma, actorOf(ctx.viewer), fields(input)),
  }),
  updateDiscountCode: t.field({
    type: DiscountCodeRef,
    description: "Replaces a discount code's terms; its uses so far stay (admin). Orders already placed keep their discount.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      id: t.arg.id({ required: true, description: "Code id (UUID)" }),
      input: t.arg({ type: DiscountCodeInput, required: true, description: "The code's new terms" }),
    },
    resolve: (_root, { id, input }, ctx) => updateDiscountCode(ctx.prisma, actorOf(ctx.viewer), String(id), fields(input)),
  }),
}));

builder.prismaObjectFields("Order", (t) => ({
  discountCode: t.exposeString("discountCode", { nullable: true, description: "The discount code the order was placed with (capitals); null for none" }),
  discount: t.expose("discount", { type: "Money", description: "What the discount code took off the items (never the delivery fee); 0 for none" }),
  addableUntil: t.field({
    type: "DateTime",
    nullable: true,
    description: "Until when its owner may add pieces to the order with addToOrder (no extra delivery fee); null once it ships, is cancelled or expires, or the time has passed",
    select: { createdAt: true, status: true, paymentStatus: true, holdExpiresAt: true },
    resolve: (order, _args, ctx) => addableUntil(order, ctx.config.bundleHours, new Date()),
  }),
}));

builder.prismaObjectField("OrderItem", "addedAt", (t) =>
  t.expose("addedAt", { type: "DateTime", nullable: true, description: "When the piece was added to the order after it was placed (addToOrder); null when placed with it" }),
);

const AddToOrderInput = builder.inputType("AddToOrderInput", {
  description: "Pieces to add to an order already placed (a bundle): no second delivery fee.",
  fields: (t) => ({
    reference: t.string({ required: true, description: "The order's short id, as in the transfer narration" }),
    phone: t.string({ required: false, description: "Guests: the phone number the order was placed with (its owner's proof, as on the tracker)" }),
    items: t.field({ type: [GuestCartLineInput], required: true, description: "The pieces to add; prices always come from the database" }),
  }),
});

builder.mutationField("addToOrder", (t) =>
  t.prismaField({
    type: "Order",
    description:
      "Adds pieces to the owner's order for BUNDLE_HOURS after placing and until it ships, with no second delivery fee. The stock is taken as at checkout; a paid order then awaits its balance (amountDue).",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, InsufficientStockError, RateLimitError] },
    args: { input: t.arg({ type: AddToOrderInput, required: true, description: "The order and the pieces" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const added = await addToOrder(ctx, ctx.config, ctx.viewer, ctx.ip, {
        reference: input.reference,
        phone: input.phone ?? null,
        items: input.items.map((l) => ({ productId: String(l.productId), quantity: l.quantity })),
      }).catch((error: unknown) => {
        // Refused: its transaction, if any, wrote nothing.
        if (error instanceof DomainError) recordStockWrite(ctx, []);
        throw error;
      });
      recordStockWrite(ctx, added.products);
      grantOrderAccess(ctx, added.orderId);
      return ctx.prisma.order.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: added.orderId } });
    },
  }),
);
