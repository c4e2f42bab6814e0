// Orders as shoppers see them: the Order and OrderItem types (also used by the admin and payments
// schema files), placing an order, the shopper's own list, the thank-you order and the tracker.
import { isDeepStrictEqual } from "node:util";
import { builder } from "./builder.ts";
import type { Context } from "./context.ts";
import { DomainError, InsufficientStockError, NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { throttledCodeRefusal } from "../modules/offers/discount-codes.service.ts";
import { recordStockWrite } from "./cache-policy.ts";
import { placeOrder, type PlaceOrderInput as PlaceOrderServiceInput } from "../modules/orders/place-order.service.ts";
import type { WrittenOrder } from "../modules/orders/write-order.ts";
import { findOrderIdByReference, latestOrderId } from "../modules/orders/order-queries.service.ts";
import { grantOrderAccess, proveGuestOwnership } from "../modules/orders/ownership.ts";
import { GuestCartLineInput } from "./cart.ts";
import { throttledReferenceLookup } from "../modules/payments/lookup.service.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../common/order-status.ts";
import { DELIVERY_METHODS } from "../../../common/delivery-methods.ts";
import { PAYMENT_METHODS } from "../../../common/payment-methods.ts";
import { orderBalance } from "../../../common/money.ts";

/** Enum values from one of common's lists, each with its schema description. */
export function describedValues<T extends string>(values: readonly T[], descriptions: Record<T, string>): Record<T, { description: string }> {
  return Object.fromEntries(values.map((value) => [value, { description: descriptions[value] }])) as Record<T, { description: string }>;
}

export const OrderStatusEnum = builder.enumType("OrderStatus", {
  description: "Where an order is in fulfilment (set by admins; payment has its own status).",
  values: describedValues(ORDER_STATUSES, {
    pending: "Placed, not yet confirmed by the shop",
    confirmed: "Accepted by the shop",
    processing: "Being packed",
    shipped: "Handed to the delivery company or driver",
    delivered: "Received by the shopper or collected",
    cancelled: "Will not be fulfilled; stock it held goes back on sale",
  }),
});
export const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  description: "Where the bank-transfer payment of an order stands.",
  values: describedValues(PAYMENT_STATUSES, {
    awaiting_transfer: "Waiting for the shopper's transfer; stock is held until holdExpiresAt",
    under_review: "Receipt submitted; an admin is checking the transfer",
    paid: "Transfer confirmed by an admin",
    expired: "Not paid in time; the held stock was released",
  }),
});
export const DeliveryMethodEnum = builder.enumType("DeliveryMethod", {
  description: "How an order reaches the shopper.",
  values: describedValues(DELIVERY_METHODS, {
    doorstep: "Delivered to the shopper's address",
    park: "Sent to a motor park in the shopper's state, collected there",
    pickup: "Collected at the shop's pickup address (free)",
  }),
});
export const PaymentMethodEnum = builder.enumType("PaymentMethod", {
  description: "How an order is paid.",
  values: describedValues(PAYMENT_METHODS, {
    bank_transfer: "Bank transfer to the shop's account, confirmed by an admin (taken when placeOrder is sent no method; checkout preselects the one-time account when the shop has Paystack)",
    paystack_transfer: "Transfer to a one-time account from Paystack, confirmed automatically (only when the shop has Paystack)",
    paystack_card: "Card, USSD or bank app on Paystack's checkout page (only when the shop has Paystack)",
  }),
});

builder.prismaObject("OrderItem", {
  description: "A line of an order, frozen at order time.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Order line id (UUID)" }),
    productName: t.exposeString("productName", { description: "Name at order time" }),
    imageUrl: t.exposeString("imageUrl", { nullable: true, description: "Photo URL at order time; null when none" }),
    quantity: t.exposeInt("quantity", { description: "Pieces ordered" }),
    price: t.expose("price", { type: "Money", description: "Unit price the order was placed at" }),
    size: t.exposeString("size", { nullable: true, description: "Size label at order time" }),
    product: t.relation("product", { nullable: true, description: "The product now; null if it was deleted" }),
  }),
});

/** Contact and delivery-hand-over details: only for the owner, the guest who proved ownership in
 * this request, or an admin; anyone else holding the reference sees null. */
type PrivateField = "customerName" | "customerEmail" | "customerPhone" | "customerAddress" | "transportCompany" | "waybillNumber" | "driverPhone";
const PRIVATE_NOTE = "Visible to the order's owner, staff and admins only; null for anyone else.";

/** What an order's balance is read from (common/money.ts). */
const MONEY_SELECT = { total: true, amountPaid: true, status: true, paymentStatus: true } as const;

/** An order's items, as every selection lists them (placeOrder's answer sorts its own the same way). */
const ITEMS_ORDER = { id: "asc" } as const;

/** The scope of an order's private fields: staff (who pack and post it) or an admin, or the order's owner (graphql/builder.ts). */
export const ownerOrStaff = (order: { id: string; userId: string | null }) => ({ staff: true, orderOwner: order });

builder.prismaObject("Order", {
  description: "A placed order. Anyone with its reference sees status and delivery; contact details only the owner, staff and admins.",
  fields: (t) => {
    const ownerOnly = (field: PrivateField) =>
      t.string({
        nullable: true,
        description: PRIVATE_NOTE,
        select: { id: true, userId: true, [field]: true },
        authScopes: ownerOrStaff,
        unauthorizedResolver: () => null,
        resolve: (order) => (order as Partial<Record<PrivateField, string | null>>)[field] ?? null,
      });
    return {
      id: t.exposeID("id", { description: "Order id (UUID)" }),
      shortOrderId: t.exposeString("shortOrderId", { description: "The order reference for the transfer narration" }),
      // Sequential, so it tells a stranger how many orders the shop takes: owner, staff and admins only.
      orderNumber: t.int({
        nullable: true,
        description: PRIVATE_NOTE,
        select: { id: true, userId: true, orderNumber: true },
        authScopes: ownerOrStaff,
        unauthorizedResolver: () => null,
        resolve: (order) => order.orderNumber,
      }),
      total: t.expose("total", { type: "Money", description: "Items, less any discount, plus the delivery fee" }),
      deliveryFee: t.expose("deliveryFee", { type: "Money", description: "The delivery fee charged when the order was placed" }),
      subtotal: t.field({
        type: "Money",
        description: "The items' total before any discount (total minus the delivery fee, plus the discount)",
        select: { total: true, deliveryFee: true, discount: true },
        resolve: (order) => order.total.sub(order.deliveryFee).add(order.discount),
      }),
      amountPaid: t.expose("amountPaid", {
        type: "Money",
        description: "What reached the shop for this order: verified provider payments and transfers marked paid, less refunds (decision 034)",
      }),
      amountDue: t.field({
        type: "Money",
        description: "What the shopper still has to pay: total minus amountPaid, 0 once paid or cancelled, never negative",
        select: MONEY_SELECT,
        resolve: (order) => orderBalance(order).amountDue,
      }),
      amountOverpaid: t.field({
        type: "Money",
        description: "Money the shop holds beyond what the order asks (an over-payment, or any payment on a cancelled order): to refund",
        select: MONEY_SELECT,
        resolve: (order) => orderBalance(order).amountOverpaid,
      }),
      status: t.expose("status", { type: OrderStatusEnum, description: "Fulfilment status" }),
      paymentStatus: t.expose("paymentStatus", { type: PaymentStatusEnum, description: "Bank-transfer payment status" }),
      holdExpiresAt: t.expose("holdExpiresAt", {
        type: "DateTime",
        nullable: true,
        description: "Unpaid orders: when the stock hold ends and the order expires if still unpaid (a paid order that grew: when its added pieces are released)",
      }),
      balanceSince: t.expose("balanceSince", {
        type: "DateTime",
        nullable: true,
        description: "A paid order that grew and awaits its balance: since when. Pieces added from then go back on sale at holdExpiresAt if the balance is still unpaid",
      }),
      deliveryMethod: t.expose("deliveryMethod", { type: DeliveryMethodEnum, description: "How the order is delivered" }),
      deliveryState: t.exposeString("deliveryState", {
        nullable: true,
        description: "Doorstep delivery: the state delivered to (null for park, pickup and doorstep orders placed before it was asked)",
      }),
      parkState: t.exposeString("parkState", { nullable: true, description: "Motor-park delivery: destination state" }),
      parkName: t.exposeString("parkName", { nullable: true, description: "Motor-park delivery: the park" }),
      paymentMethod: t.expose("paymentMethod", { type: PaymentMethodEnum, description: "How the order is paid" }),
      createdAt: t.expose("createdAt", { type: "DateTime", description: "When the order was placed" }),
      trackingNumber: t.exposeString("trackingNumber", { nullable: true, description: "Shop tracking number (TRK-…), given the first time the order ships" }),
      trackingStatus: t.exposeString("trackingStatus", { nullable: true, description: "Status shown on the tracker, updated on each status change" }),
      trackingUpdatedAt: t.expose("trackingUpdatedAt", {
        type: "DateTime",
        nullable: true,
        description: "When the tracking status last changed",
      }),
      transportCompany: ownerOnly("transportCompany"),
      waybillNumber: ownerOnly("waybillNumber"),
      driverPhone: ownerOnly("driverPhone"),
      customerName: ownerOnly("customerName"),
      customerEmail: ownerOnly("customerEmail"),
      customerPhone: ownerOnly("customerPhone"),
      customerAddress: ownerOnly("customerAddress"),
      viewerIsOwner: t.boolean({
        description: "True when the viewer may see the contact details (owner or admin).",
        select: { id: true, userId: true },
        authScopes: ownerOrStaff,
        unauthorizedResolver: () => false,
        resolve: () => true,
      }),
      items: t.relation("items", { query: { orderBy: ITEMS_ORDER }, description: "The ordered lines" }),
    };
  },
});

const PlaceOrderInput = builder.inputType("PlaceOrderInput", {
  description: "Checkout details; items, prices, fee and total are decided by the server.",
  fields: (t) => ({
    fullName: t.string({ required: true, description: "Recipient's name" }),
    email: t.string({ required: true, description: "Where the order confirmation and payment emails go" }),
    phone: t.string({ required: true, description: "Nigerian phone number, e.g. 0803 123 4567 or +234…" }),
    deliveryMethod: t.string({ required: true, description: "doorstep | park | pickup" }),
    address: t.string({ required: false, description: "Required for doorstep; the store's address is used for pickup" }),
    parkState: t.string({ required: false, description: "Motor park delivery: destination state" }),
    parkName: t.string({ required: false, description: "Motor park delivery: the park" }),
    deliveryState: t.string({ required: false, description: "Doorstep delivery (required there): the state, for its delivery fee" }),
    items: t.field({
      type: [GuestCartLineInput],
      required: false,
      description: "A guest's cart lines. Ignored for a signed-in shopper (the server cart is used). Prices always come from the database.",
    }),
    idempotencyKey: t.string({ required: true, description: "Random key per checkout: a retry with the same key returns the same order" }),
    discountCode: t.string({ required: false, description: "A discount code as the shopper typed it (any case); a refused code places no order (ValidationError on discountCode)" }),
    paymentMethod: t.field({
      type: PaymentMethodEnum,
      required: false,
      defaultValue: "bank_transfer",
      description: "How the shopper will pay; the Paystack methods are refused when the shop has no Paystack key (see paymentMethods)",
    }),
    whatsappUpdates: t.boolean({
      required: false,
      defaultValue: false,
      description: 'The "Send me order updates on WhatsApp" box: order updates and reminders on WhatsApp (or SMS when the shop has only SMS)',
    }),
    signedInAs: t.id({
      required: false,
      description: "The account the page shows as signed in (Viewer.id): when the session no longer is that account, nothing is placed (ValidationError on signedInAs)",
    }),
  }),
});

/** The relations of an order as placeOrder wrote it, and the only query the schema makes of each
 *  (an items query with more, such as each item's product, is not answered from it). */
const WRITTEN_RELATIONS: Record<string, (query: Record<string, unknown>) => boolean> = {
  items: (query) => Object.keys(query).every((key) => key === "orderBy") && isDeepStrictEqual(query.orderBy, ITEMS_ORDER),
  providerPayments: (query) => Object.keys(query).every((key) => key === "orderBy"),
  receipts: (query) => Object.keys(query).every((key) => key === "orderBy"),
  // An order just placed has no claims, whatever a claims query would select of them.
  claims: () => true,
};

/**
 * The order just placed, as written, when the selection needs nothing else (Pothos reads the
 * relations it asked for off the object, and would load any it lacks one by one): no read back.
 * A selection of more, or a retry's order (it may have changed since), is read through Prisma.
 */
export function asWritten(written: WrittenOrder | undefined, query: { include?: Record<string, unknown>; select?: unknown }): WrittenOrder | null {
  if (!written || query.select) return null;
  for (const [relation, relationQuery] of Object.entries(query.include ?? {})) {
    const answers = WRITTEN_RELATIONS[relation];
    if (!answers?.(relationQuery === true ? {} : (relationQuery as Record<string, unknown>))) return null;
  }
  return written;
}

const PlaceOrderPayload = builder.objectRef<{ orderId: string; guestToken: string | null; written?: WrittenOrder }>("PlaceOrderPayload").implement({
  description: "The order just placed.",
  fields: (t) => ({
    order: t.prismaField({
      type: "Order",
      description: "The new order, awaiting its bank transfer",
      resolve: (query, payload, _args, ctx) =>
        asWritten(payload.written, query) ?? ctx.prisma.order.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: payload.orderId } }),
    }),
    guestToken: t.exposeString("guestToken", {
      nullable: true,
      description: "Guest orders only: keep it in this browser to show the order again (thank-you, tracker).",
    }),
  }),
});

type PlaceOrderArgument = typeof PlaceOrderInput.$inferInput;

/** placeOrder's input as GraphQL coerced it, in the service's terms (also for sold-out-answers.ts). */
export function placeOrderInputOf(input: PlaceOrderArgument): PlaceOrderServiceInput {
  return { ...input, signedInAs: input.signedInAs == null ? null : String(input.signedInAs), items: input.items?.map((l) => ({ productId: String(l.productId), quantity: l.quantity })) };
}

builder.mutationField("placeOrder", (t) =>
  t.field({
    type: PlaceOrderPayload,
    description: "Places an order from the shopper's cart; pay by bank transfer afterwards.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, InsufficientStockError, RateLimitError] },
    args: { input: t.arg({ type: PlaceOrderInput, required: true, description: "Checkout details" }) },
    resolve: async (_root, { input }, ctx) => {
      const placed = await placeOrder(ctx, ctx.config, ctx.viewer, placeOrderInputOf(input)).catch(async (error: unknown) => {
        // Refused ("out of stock", a bad field): its transaction, if any, wrote nothing.
        if (error instanceof DomainError) recordStockWrite(ctx, []);
        if (error instanceof ValidationError && error.field === "discountCode") throw await throttledCodeRefusal(ctx.prisma, ctx.ip, error);
        throw error;
      });
      // Said at once: the stock board reads the sold pieces while the payload's order is read.
      if (placed.products) recordStockWrite(ctx, placed.products, placed.stockAfter);
      grantOrderAccess(ctx, placed.orderId);
      return placed;
    },
  }),
);

builder.queryFields((t) => ({
  myOrders: t.withAuth({ customer: true }).prismaField({
    type: ["Order"],
    description: "The signed-in shopper's orders, newest first.",
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.order.findMany({ ...nonEmptySelect(query), where: { userId: ctx.viewer.userId }, orderBy: { createdAt: "desc" }, take: 200 }),
  }),
  latestOrder: t.prismaField({
    type: "Order",
    nullable: true,
    description: "The thank-you page's order: the signed-in shopper's newest, or the guest order this browser placed.",
    authScopes: { public: true },
    args: {
      guestOrderId: t.arg.id({ required: false, description: "Guests: the order id (UUID) this browser placed" }),
      guestToken: t.arg.string({ required: false, description: "Guests: the guestToken placeOrder returned, proving it is theirs" }),
    },
    resolve: async (query, _root, args, ctx) => {
      const id = await latestOrderId(ctx.prisma, ctx, { orderId: args.guestOrderId ? String(args.guestOrderId) : null, token: args.guestToken });
      return id ? ctx.prisma.order.findUnique({ ...nonEmptySelect(query), where: { id } }) : null;
    },
  }),
  trackOrder: t.prismaField({
    type: "Order",
    nullable: true,
    description: "The tracker: an order by short order id or id. Contact details only for the owner or an admin.",
    authScopes: { public: true },
    args: {
      reference: t.arg.string({ required: true, description: "Short order id (as in the transfer narration) or order id (UUID)" }),
      guestToken: t.arg.string({ required: false, description: "Guests: the order's guestToken, to see its contact details" }),
    },
    resolve: async (query, _root, args, ctx) => {
      const id = await throttledReferenceLookup(ctx.prisma, ctx.ip, () => findOrderIdByReference(ctx.prisma, args.reference));
      if (!id) return null;
      await proveGuestOwnership(ctx.prisma, ctx, id, args.guestToken);
      return ctx.prisma.order.findUnique({ ...nonEmptySelect(query), where: { id } });
    },
  }),
}));
