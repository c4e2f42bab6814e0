// Sale channels (issue 35, decision 035): every order's channel, and the order the owner takes in
// a chat or at the stall (createManualOrder), written by the same core as the web checkout.
import { builder } from "./builder.ts";
import { asWritten, describedValues } from "./orders.ts";
import { GuestCartLineInput } from "./cart.ts";
import { recordStockWrite } from "./cache-policy.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { DomainError, InsufficientStockError, NotFoundError, ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { createManualOrder, earlierCustomer, type EarlierCustomer as EarlierCustomerShape } from "../modules/orders/manual-order.service.ts";
import { MANUAL_HOLD_HOURS, SALE_CHANNELS } from "../../../common/sale-channels.ts";

export const SaleChannelEnum = builder.enumType("SaleChannel", {
  description: "Where a sale was made. Every channel takes from the same stock.",
  values: describedValues(SALE_CHANNELS, {
    web: "The web store's checkout (every order placed on the site)",
    whatsapp: "Taken by the shop in a WhatsApp chat",
    instagram: "Taken by the shop in an Instagram DM",
    in_person: "Sold in person, at the stall or the shop",
    other: "Taken by the shop elsewhere (a call, another app)",
  }),
});

builder.prismaObjectFields("Order", (t) => ({
  channel: t.expose("channel", { type: SaleChannelEnum, description: "Where the sale was made; web for orders placed on the site" }),
  note: t.string({
    nullable: true,
    description: "The shop's own note on an order it took by hand. Staff and admins only; null for anyone else.",
    select: { note: true },
    authScopes: { staff: true },
    unauthorizedResolver: () => null,
    resolve: (order) => order.note,
  }),
}));

const ManualOrderInput = builder.inputType("ManualOrderInput", {
  description: "An order the shop takes outside the store. Prices, fee and total are decided by the server, as at checkout.",
  fields: (t) => ({
    channel: t.field({ type: SaleChannelEnum, required: true, description: "Where the sale was made; web is refused (the site's checkout is placeOrder)" }),
    items: t.field({ type: [GuestCartLineInput], required: true, description: "The pieces and how many of each" }),
    fullName: t.string({ required: true, description: "The buyer's name" }),
    phone: t.string({ required: true, description: "The buyer's Nigerian phone number" }),
    email: t.string({ required: false, description: "The buyer's email, if they gave one: the order and payment emails go there" }),
    deliveryMethod: t.string({ required: true, description: "doorstep | park | pickup" }),
    address: t.string({ required: false, description: "Required for doorstep; the store's address is used for pickup" }),
    parkState: t.string({ required: false, description: "Motor park delivery: destination state" }),
    parkName: t.string({ required: false, description: "Motor park delivery: the park" }),
    deliveryState: t.string({ required: false, description: "Doorstep delivery (required there): the state, for its delivery fee" }),
    paid: t.boolean({ required: false, defaultValue: false, description: "Paid already (cash, or a transfer the shop has seen): the order is confirmed and paid at once (audited)" }),
    bankReference: t.string({ required: false, description: "Paid orders: the transfer's reference, kept with the payment" }),
    holdHours: t.int({
      required: false,
      description: `Unpaid orders: hours the pieces stay held for the buyer, ${MANUAL_HOLD_HOURS.min} to ${MANUAL_HOLD_HOURS.max}; HOLD_HOURS when unset`,
    }),
    note: t.string({ required: false, description: "The shop's own note (never shown to the buyer)" }),
    idempotencyKey: t.string({ required: false, description: "Random key per order form: a resent request returns the same order" }),
  }),
});

builder.mutationField("createManualOrder", (t) =>
  t.prismaField({
    type: "Order",
    description: "Records an order taken outside the store (staff and admins): holds or takes its pieces from the same stock as the web store.",
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError, InsufficientStockError] },
    args: { input: t.arg({ type: ManualOrderInput, required: true, description: "The buyer, the pieces, the delivery and the payment" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const taken = await createManualOrder(ctx, ctx.config, actorOf(ctx.viewer), {
        ...input,
        items: input.items.map((line) => ({ productId: String(line.productId), quantity: line.quantity })),
      }).catch((error: unknown) => {
        // Refused: its transaction, if any, wrote nothing.
        if (error instanceof DomainError) recordStockWrite(ctx, []);
        throw error;
      });
      // The site stops offering the pieces at once: the stock board reads them now.
      if (taken.products) recordStockWrite(ctx, taken.products);
      return asWritten(taken.written, query) ?? ctx.prisma.order.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: taken.orderId } });
    },
  }),
);

const EarlierCustomer = builder.objectRef<EarlierCustomerShape>("EarlierCustomer").implement({
  description: "A buyer as their latest order has them: what the New order form fills in from a phone number.",
  fields: (t) => ({
    fullName: t.exposeString("fullName", { description: "Name on the latest order" }),
    email: t.exposeString("email", { nullable: true, description: "Email on the latest order, if any" }),
    deliveryMethod: t.exposeString("deliveryMethod", { description: "doorstep | park | pickup, as last time" }),
    address: t.exposeString("address", { nullable: true, description: "Doorstep address last time; null for park and pickup" }),
    deliveryState: t.exposeString("deliveryState", { nullable: true, description: "Doorstep state last time" }),
    parkState: t.exposeString("parkState", { nullable: true, description: "Motor park state last time" }),
    parkName: t.exposeString("parkName", { nullable: true, description: "Motor park last time" }),
  }),
});

builder.queryField("earlierCustomer", (t) =>
  t.field({
    type: EarlierCustomer,
    nullable: true,
    description: "The buyer with this phone number as their latest order has them (staff); null for a new buyer.",
    authScopes: { staff: true },
    args: { phone: t.arg.string({ required: true, description: "A Nigerian phone number, any common form" }) },
    resolve: (_root, args, ctx) => earlierCustomer(ctx.prisma, args.phone.slice(0, 30)),
  }),
);
