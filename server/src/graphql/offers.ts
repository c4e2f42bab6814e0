// Offers: discount codes (the admin's list and edits, the cart's preview). The checkout takes a code
// through PlaceOrderInput.discountCode (orders.ts); the rules live in modules/offers.
import { builder } from "./builder.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { GuestCartLineInput } from "./cart.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { createDiscountCode, previewDiscount, updateDiscountCode, type DiscountPreview } from "../modules/offers/discount-codes.service.ts";
import type { DiscountCodeFields } from "../../../common/discount-codes.ts";

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
    description: "What a discount code would take off the cart (a signed-in shopper's server cart, or a guest's lines), or why it does not apply.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      code: t.arg.string({ required: true, description: "The code as the shopper typed it" }),
      items: t.arg({ type: [GuestCartLineInput], required: false, description: "A guest's cart lines; ignored for a signed-in shopper" }),
    },
    resolve: (_root, { code, items }, ctx) =>
      previewDiscount(ctx.sql, ctx.viewer, code, items?.map((l) => ({ productId: String(l.productId), quantity: l.quantity })) ?? null),
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
