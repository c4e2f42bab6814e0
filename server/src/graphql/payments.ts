// Payments by bank transfer: receipts, the admin's decisions, the payments queue, holds ("On hold"
// products), the guest lookup by reference + phone, the status history and the audit log.
import DataLoader from "dataloader";
import { createContextCache } from "@pothos/core";
import { builder } from "./builder.ts";
import type { Context } from "./context.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { auditActions, listAuditEntries, orderAuditTimeline } from "../modules/audit/audit-log.service.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { ownerOrAdmin } from "./orders.ts";
import { submitReceipt } from "../modules/payments/receipts.service.ts";
import { markOrderPaid, rejectPayment } from "../modules/payments/decisions.service.ts";
import { awaitingTransferQuery, paymentCounts, paymentsQueueIds } from "../modules/payments/queue.service.ts";
import { productsOnHold } from "../modules/payments/holds.service.ts";
import { findOrderByReferenceAndPhone, orderStatusHistory, throttledReferenceLookup, type StatusStep } from "../modules/payments/lookup.service.ts";
import { isUuid } from "../../../common/uuid.ts";

builder.prismaObject("PaymentReceipt", {
  description: "A bank-transfer receipt the order's owner sent (owner and admins only).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Receipt id (UUID)" }),
    fileUrl: t.exposeString("fileUrl", { description: "URL of the uploaded receipt image or PDF" }),
    mimeType: t.exposeString("mimeType", { description: "File type, e.g. image/jpeg or application/pdf" }),
    senderName: t.exposeString("senderName", { description: "Name on the account the transfer came from" }),
    senderBank: t.exposeString("senderBank", { description: "Bank the transfer came from" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the receipt was sent" }),
  }),
});

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

const AuditEntryType = builder.prismaObject("AuditEntry", {
  description: "One recorded change (who, what, before and after), kept for accountability (admin).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Audit entry id (UUID)" }),
    actorLabel: t.exposeString("actorLabel", { description: "Who: an admin's email, a shopper's email, guest or system" }),
    action: t.exposeString("action", { description: "What happened, e.g. payment.marked_paid" }),
    entityType: t.exposeString("entityType", { description: "Kind of record changed, e.g. order or product" }),
    entityId: t.exposeString("entityId", { description: "Id of the record changed" }),
    orderId: t.exposeID("orderId", { nullable: true, description: "Order id (UUID) concerned, when the change is about an order" }),
    before: t.string({ nullable: true, description: "JSON of the values before the change", resolve: (e) => json(e.before) }),
    after: t.string({ nullable: true, description: "JSON of the values after the change", resolve: (e) => json(e.after) }),
    reason: t.exposeString("reason", { nullable: true, description: "Reason the admin gave, if any" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it happened" }),
  }),
});

const StatusStepType = builder.objectRef<StatusStep>("OrderStatusStep").implement({
  description: "One step of an order's history: statuses and time only (safe to show on the tracker).",
  fields: (t) => ({
    status: t.exposeString("status", { description: "Fulfilment status from this step (an OrderStatus value)" }),
    paymentStatus: t.exposeString("paymentStatus", { description: "Payment status from this step (a PaymentStatus value)" }),
    at: t.expose("at", { type: "DateTime", description: "When the step happened" }),
  }),
});

// Extra Order fields owned by payments. Receipts and the rejection reason are the owner's business.
builder.prismaObjectFields("Order", (t) => ({
  paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When an admin confirmed the transfer; null until paid" }),
  holdExtended: t.exposeBoolean("holdExtended", { description: "The one receipt extension of the hold has been used" }),
  rejectionReason: t.string({
    nullable: true,
    description: "Why the last receipt was rejected. Owner and admins only.",
    select: { id: true, userId: true, rejectionReason: true },
    authScopes: ownerOrAdmin,
    unauthorizedResolver: () => null,
    resolve: (order) => order.rejectionReason,
  }),
  bankReference: t.string({
    nullable: true,
    description: "The bank's transaction reference recorded when marked paid. Admins only.",
    select: { bankReference: true },
    authScopes: { admin: true },
    unauthorizedResolver: () => null,
    resolve: (order) => order.bankReference,
  }),
  receipts: t.relation("receipts", {
    description: "Payment receipts, newest first. Owner and admins only; empty for anyone else.",
    query: { orderBy: { createdAt: "desc" } },
    authScopes: ownerOrAdmin,
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
// A storefront listing's rows carry it already (its page query computes it, product-search.ts);
// any other product is looked up in one statement per request for all that asked (DataLoader), and
// only sold-out ones are. A failed statement rejects every field that asked. No `select` (here or on
// conditionLabel): Product rows are always loaded whole (the type declares no select), and a field
// select makes the Prisma plugin look up its loader mapping on every row (~7% of an uncached
// listing's throughput); on-hold-batching.test.ts asks these fields alone.
const onHoldLoader = createContextCache(
  (ctx: Context) =>
    new DataLoader<{ id: string; stock: number }, boolean, string>(
      async (products) => {
        const soldOut = products.filter((p) => p.stock <= 0).map((p) => p.id);
        const held = await productsOnHold(ctx.sql, soldOut);
        return products.map((p) => held.has(p.id));
      },
      { cacheKeyFn: (product) => product.id },
    ),
);

builder.prismaObjectField("Product", "onHold", (t) =>
  t.boolean({
    description: "Out of stock, but units are held by unpaid orders: the item may come back.",
    resolve: (product, _args, ctx) => {
      const known = (product as { onHold?: unknown }).onHold;
      return typeof known === "boolean" ? known : onHoldLoader(ctx).load(product);
    },
  }),
);

const PaymentCountsType = builder.objectRef<{ underReview: number; awaitingTransfer: number }>("PaymentCounts").implement({
  description: "Orders waiting on payment, by stage (admin).",
  fields: (t) => ({
    underReview: t.exposeInt("underReview", { description: "Receipts waiting for an admin" }),
    awaitingTransfer: t.exposeInt("awaitingTransfer", { description: "Open orders not paid yet" }),
  }),
});

const AuditPage = builder
  .objectRef<{ items: Awaited<ReturnType<typeof listAuditEntries>>["items"]; totalCount: number }>("AuditPage")
  .implement({
    description: "One page of the audit log with the total for the filter.",
    fields: (t) => ({
      items: t.field({ type: [AuditEntryType], description: "Entries on this page, newest first", resolve: (page) => page.items }),
      totalCount: t.exposeInt("totalCount", { description: "Entries matching the filter across all pages" }),
    }),
  });

const AuditFilterInput = builder.inputType("AuditFilter", {
  description: "Narrows the audit log; all given conditions must hold.",
  fields: (t) => ({
    action: t.string({ required: false, description: "Exact action, e.g. payment.marked_paid" }),
    from: t.field({ type: "DateTime", required: false, description: "From this time (inclusive)" }),
    to: t.field({ type: "DateTime", required: false, description: "Until this time (exclusive)" }),
    orderId: t.id({ required: false, description: "Only entries about this order id (UUID)" }),
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
  awaitingTransferOrders: t.prismaField({
    type: ["Order"],
    description: "Orders awaiting payment with no receipt to review, the hold that ends first first (admin marks them paid from the bank).",
    authScopes: { admin: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.order.findMany({ ...query, ...awaitingTransferQuery() }),
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
      filter: t.arg({ type: AuditFilterInput, required: false, description: "Conditions; none lists everything" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Entries to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 50, description: "Page size (capped by the server)" }),
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
    args: { orderId: t.arg.id({ required: true, description: "Order id (UUID); anything else gives an empty list" }) },
    resolve: (_query, _root, args, ctx) => (isUuid(String(args.orderId)) ? orderAuditTimeline(ctx.prisma, String(args.orderId)) : []),
  }),
  orderStatusHistory: t.field({
    type: [StatusStepType],
    nullable: true,
    description: "The tracker's history by order reference: statuses and times only. Null when there is no such order.",
    authScopes: { public: true },
    args: { reference: t.arg.string({ required: true, description: "Short order id or order id (UUID), at most 64 characters" }) },
    resolve: (_root, args, ctx) =>
      args.reference.length > 64 ? null : throttledReferenceLookup(ctx.prisma, ctx.ip, () => orderStatusHistory(ctx.prisma, args.reference)),
  }),
}));

const OrderResult = builder.objectRef<{ orderId: string }>("PaymentOrderResult").implement({
  description: "The order a payment step acted on, as it is now.",
  fields: (t) => ({
    order: t.prismaField({
      type: "Order",
      description: "The order after the change",
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
    args: {
      reference: t.arg.string({ required: true, description: "Short order id (as in the transfer narration) or order id (UUID)" }),
      phone: t.arg.string({ required: true, description: "Phone number given at checkout" }),
    },
    resolve: async (_root, args, ctx) => {
      const order = await findOrderByReferenceAndPhone(ctx.prisma, args, ctx.ip);
      grantOrderAccess(ctx, order.id);
      return { orderId: order.id };
    },
  }),
}));

const SubmitReceiptInput = builder.inputType("SubmitReceiptInput", {
  description: "A transfer receipt for an order; signed-in owners need no phone or token.",
  fields: (t) => ({
    orderId: t.id({ required: true, description: "Order id (UUID)" }),
    fileUrl: t.string({ required: true, description: "The URL POST /api/uploads (purpose=receipt) answered" }),
    senderName: t.string({ required: true, description: "The name on the account the transfer came from" }),
    senderBank: t.string({ required: true, description: "The bank the transfer came from" }),
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
    args: { input: t.arg({ type: SubmitReceiptInput, required: true, description: "The receipt and proof of ownership" }) },
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
    args: {
      orderId: t.arg.id({ required: true, description: "Order id (UUID)" }),
      bankReference: t.arg.string({ required: false, description: "The bank's transaction reference, for the audit log" }),
    },
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
    args: {
      orderId: t.arg.id({ required: true, description: "Order id (UUID)" }),
      reason: t.arg.string({ required: true, description: "Why, shown to the shopper in the email and on the order" }),
    },
    resolve: async (_root, args, ctx) => {
      const order = await rejectPayment(ctx.prisma, ctx.config, actorOf(ctx.viewer), { orderId: String(args.orderId), reason: args.reason });
      return { orderId: order.id };
    },
  }),
}));
