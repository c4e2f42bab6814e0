// Payments by bank transfer: receipts, the admin's decisions, the payments queue, holds ("On hold"
// products), the guest lookup by reference + phone, the status history and the audit log.
import { builder } from "./builder.ts";
import type { Context } from "./context.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { auditActions, listAuditEntries, orderAuditTimeline } from "../modules/audit/audit.queries.ts";
import { canSeeOrderContact, grantOrderAccess } from "../modules/orders/order-queries.ts";
import { submitReceipt } from "../modules/payments/receipts.service.ts";
import { markOrderPaid, rejectPayment } from "../modules/payments/decisions.service.ts";
import { paymentCounts, paymentsQueueIds } from "../modules/payments/queue.service.ts";
import { productsWithHeldUnits } from "../modules/payments/holds.service.ts";
import { findOrderByReferenceAndPhone, orderStatusHistory, throttledReferenceLookup, type StatusStep } from "../modules/payments/lookup.service.ts";
import { isUuid } from "../modules/cart/cart.service.ts";
import DataLoader from "dataloader";
import { createContextCache } from "@pothos/core";

builder.prismaObject("PaymentReceipt", {
  fields: (t) => ({
    id: t.exposeID("id"),
    fileUrl: t.exposeString("fileUrl"),
    mimeType: t.exposeString("mimeType"),
    senderName: t.exposeString("senderName"),
    senderBank: t.exposeString("senderBank"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

const AuditEntryType = builder.prismaObject("AuditEntry", {
  fields: (t) => ({
    id: t.exposeID("id"),
    actorLabel: t.exposeString("actorLabel", { description: "Who: an admin's email, a shopper's email, guest or system" }),
    action: t.exposeString("action"),
    entityType: t.exposeString("entityType"),
    entityId: t.exposeString("entityId"),
    orderId: t.exposeID("orderId", { nullable: true }),
    before: t.string({ nullable: true, description: "JSON of the values before the change", resolve: (e) => json(e.before) }),
    after: t.string({ nullable: true, description: "JSON of the values after the change", resolve: (e) => json(e.after) }),
    reason: t.exposeString("reason", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const StatusStepType = builder.objectRef<StatusStep>("OrderStatusStep").implement({
  description: "One step of an order's history: statuses and time only (safe to show on the tracker).",
  fields: (t) => ({
    status: t.exposeString("status"),
    paymentStatus: t.exposeString("paymentStatus"),
    at: t.expose("at", { type: "DateTime" }),
  }),
});

// Extra Order fields owned by payments. Receipts and the rejection reason are the owner's business.
builder.prismaObjectFields("Order", (t) => ({
  paidAt: t.expose("paidAt", { type: "DateTime", nullable: true }),
  holdExtended: t.exposeBoolean("holdExtended", { description: "The one receipt extension of the hold has been used" }),
  rejectionReason: t.string({
    nullable: true,
    description: "Why the last receipt was rejected. Owner and admins only.",
    select: { id: true, userId: true, rejectionReason: true },
    resolve: (order, _args, ctx) => (canSeeOrderContact(ctx, order) ? order.rejectionReason : null),
  }),
  bankReference: t.string({
    nullable: true,
    description: "The bank's transaction reference recorded when marked paid. Admins only.",
    select: { bankReference: true },
    resolve: (order, _args, ctx) => (ctx.viewer?.isAdmin ? order.bankReference : null),
  }),
  receipts: t.relation("receipts", {
    description: "Payment receipts, newest first. Owner and admins only; empty for anyone else.",
    query: { orderBy: { createdAt: "desc" } },
    authScopes: (order, _args, ctx) => canSeeOrderContact(ctx, order),
    // Typed loosely by Pothos for relations; an empty list is the right answer for strangers.
    unauthorizedResolver: () => [] as never,
  }),
  statusHistory: t.field({
    type: [StatusStepType],
    description: "Status changes with times, oldest first.",
    select: { shortOrderId: true },
    resolve: async (order, _args, ctx) => (await orderStatusHistory(ctx.prisma, order.shortOrderId)) ?? [],
  }),
}));

// "On hold": out of stock only because unpaid orders hold the last units; they may come back.
// Batched per request by DataLoader (the library Pothos's dataloader plugin wraps): a page of
// products costs one statement, however many are sold out, and none when all are in stock. A
// failed statement rejects every field that asked, so no field of the request is left waiting.
const onHoldLoader = createContextCache(
  (ctx: Context) => new DataLoader<string, boolean>(async (ids) => {
    const held = await productsWithHeldUnits(ctx.prisma, ids);
    return ids.map((id) => held.has(id));
  }),
);

builder.prismaObjectField("Product", "onHold", (t) =>
  t.boolean({
    description: "Out of stock, but units are held by unpaid orders: the item may come back.",
    select: { id: true, stock: true },
    resolve: (product, _args, ctx) => (product.stock > 0 ? false : onHoldLoader(ctx).load(product.id)),
  }),
);

const PaymentCountsType = builder.objectRef<{ underReview: number; awaitingTransfer: number }>("PaymentCounts").implement({
  fields: (t) => ({
    underReview: t.exposeInt("underReview", { description: "Receipts waiting for an admin" }),
    awaitingTransfer: t.exposeInt("awaitingTransfer", { description: "Open orders not paid yet" }),
  }),
});

const AuditPage = builder
  .objectRef<{ items: Awaited<ReturnType<typeof listAuditEntries>>["items"]; totalCount: number }>("AuditPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [AuditEntryType], resolve: (page) => page.items }),
      totalCount: t.exposeInt("totalCount"),
    }),
  });

const AuditFilterInput = builder.inputType("AuditFilter", {
  fields: (t) => ({
    action: t.string({ required: false, description: "Exact action, e.g. payment.marked_paid" }),
    from: t.field({ type: "DateTime", required: false, description: "From this time (inclusive)" }),
    to: t.field({ type: "DateTime", required: false, description: "Until this time (exclusive)" }),
    orderId: t.id({ required: false }),
  }),
});

builder.queryFields((t) => ({
  paymentsQueue: t.prismaField({
    type: ["Order"],
    description: "Orders with a receipt under review, the longest-waiting first.",
    authScopes: { admin: true },
    resolve: async (query, _root, _args, ctx) => {
      const ids = await paymentsQueueIds(ctx.prisma);
      const orders = await ctx.prisma.order.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => orders.find((o) => o.id === id)).filter((o) => o !== undefined);
    },
  }),
  paymentCounts: t.field({
    type: PaymentCountsType,
    description: "For the dashboard's Payments tab.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => paymentCounts(ctx.prisma),
  }),
  auditLog: t.field({
    type: AuditPage,
    description: "The audit log, newest first, filterable by action, dates and order.",
    authScopes: { admin: true },
    args: {
      filter: t.arg({ type: AuditFilterInput, required: false }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) =>
      listAuditEntries(
        ctx.prisma,
        { ...args.filter, orderId: args.filter?.orderId ? String(args.filter.orderId) : null },
        args.offset,
        args.limit,
      ),
  }),
  auditActions: t.stringList({
    description: "The actions present in the audit log (for the filter).",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => auditActions(ctx.prisma),
  }),
  orderAuditTimeline: t.prismaField({
    type: ["AuditEntry"],
    description: "One order's audit entries, oldest first.",
    authScopes: { admin: true },
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_query, _root, args, ctx) => (isUuid(String(args.orderId)) ? orderAuditTimeline(ctx.prisma, String(args.orderId)) : []),
  }),
  orderStatusHistory: t.field({
    type: [StatusStepType],
    nullable: true,
    description: "The tracker's history by order reference: statuses and times only. Null when there is no such order.",
    authScopes: { public: true },
    args: { reference: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      args.reference.length > 64 ? null : throttledReferenceLookup(ctx.prisma, ctx.ip, () => orderStatusHistory(ctx.prisma, args.reference)),
  }),
}));

const OrderResult = builder.objectRef<{ orderId: string }>("PaymentOrderResult").implement({
  fields: (t) => ({
    order: t.prismaField({
      type: "Order",
      resolve: (query, result, _args, ctx) => ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: result.orderId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  orderByReferenceAndPhone: t.field({
    type: OrderResult,
    description: "A guest opens full order details with the order reference and the phone used at checkout. Rate-limited.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, RateLimitError] },
    args: { reference: t.arg.string({ required: true }), phone: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const order = await findOrderByReferenceAndPhone(ctx.prisma, args, ctx.ip);
      grantOrderAccess(ctx, order.id);
      return { orderId: order.id };
    },
  }),
}));

const SubmitReceiptInput = builder.inputType("SubmitReceiptInput", {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    fileUrl: t.string({ required: true, description: "The URL POST /api/uploads (purpose=receipt) answered" }),
    senderName: t.string({ required: true, description: "The name on the account the transfer came from" }),
    senderBank: t.string({ required: true }),
    phone: t.string({ required: false, description: "Guests: the phone the order was placed with" }),
    guestToken: t.string({ required: false, description: "Guests: the token this browser got at checkout" }),
  }),
});

builder.mutationFields((t) => ({
  submitPaymentReceipt: t.field({
    type: OrderResult,
    description: "The order's owner sends the transfer receipt: the order goes under review (never paid by itself).",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, RateLimitError] },
    args: { input: t.arg({ type: SubmitReceiptInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const order = await submitReceipt(
        ctx.prisma,
        ctx.config,
        { orderId: String(input.orderId), fileUrl: input.fileUrl, senderName: input.senderName, senderBank: input.senderBank },
        { viewer: ctx.viewer, phone: input.phone, guestToken: input.guestToken, ip: ctx.ip },
      );
      grantOrderAccess(ctx, order.id);
      return { orderId: order.id };
    },
  }),
  markOrderPaid: t.field({
    type: OrderResult,
    description: "Admin: the money is in the bank. Confirms a pending order; emails the shopper; audited.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { orderId: t.arg.id({ required: true }), bankReference: t.arg.string({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const order = await markOrderPaid(ctx.prisma, ctx.config, actorOf(ctx.viewer), {
        orderId: String(args.orderId),
        bankReference: args.bankReference,
      });
      return { orderId: order.id };
    },
  }),
  rejectPayment: t.field({
    type: OrderResult,
    description: "Admin: the receipt does not match a credit. Back to awaiting transfer with a reason; emails the shopper; audited.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { orderId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const order = await rejectPayment(ctx.prisma, ctx.config, actorOf(ctx.viewer), { orderId: String(args.orderId), reason: args.reason });
      return { orderId: order.id };
    },
  }),
}));
