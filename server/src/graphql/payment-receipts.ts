// Payments by bank transfer: the owner's receipt, the admin's decision (paid or rejected) and the
// payment fields of an order.
import { builder } from "./builder.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { ownerOrStaff } from "./orders.ts";
import { submitReceipt } from "../modules/payments/receipts.service.ts";
import { markOrderPaid, rejectPayment } from "../modules/payments/decisions.service.ts";
import { receiptLinkKey, signReceiptUrl } from "../modules/payments/receipt-links.ts";

builder.prismaObject("PaymentReceipt", {
  description: "A bank-transfer receipt the order's owner sent (owner, staff and admins only).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Receipt id (UUID)" }),
    fileUrl: t.string({
      description: "Link to the receipt image or PDF: a stored file's link is signed and works for 15 minutes",
      select: { fileUrl: true },
      resolve: async (receipt, _args, ctx) => signReceiptUrl(await receiptLinkKey(ctx.prisma, ctx.config.receiptLinkSecret), receipt.fileUrl),
    }),
    mimeType: t.exposeString("mimeType", { description: "File type, e.g. image/jpeg or application/pdf" }),
    senderName: t.exposeString("senderName", { description: "Name on the account the transfer came from" }),
    senderBank: t.exposeString("senderBank", { description: "Bank the transfer came from" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the receipt was sent" }),
  }),
});

// Extra Order fields owned by payments. Receipts and the rejection reason are the owner's business.
builder.prismaObjectFields("Order", (t) => ({
  paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When an admin confirmed the transfer; null until paid" }),
  holdExtended: t.exposeBoolean("holdExtended", { description: "The one receipt extension of the hold has been used" }),
  rejectionReason: t.string({
    nullable: true,
    description: "Why the last receipt was rejected. Owner, staff and admins only.",
    select: { id: true, userId: true, rejectionReason: true },
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => null,
    resolve: (order) => order.rejectionReason,
  }),
  bankReference: t.string({
    nullable: true,
    description: "The bank's transaction reference recorded when marked paid. Staff and admins only.",
    select: { bankReference: true },
    authScopes: { staff: true },
    unauthorizedResolver: () => null,
    resolve: (order) => order.bankReference,
  }),
  receipts: t.relation("receipts", {
    description: "Payment receipts, newest first. Owner, staff and admins only; empty for anyone else.",
    query: { orderBy: { createdAt: "desc" } },
    authScopes: ownerOrStaff,
    // Typed loosely by Pothos for relations; an empty list is the right answer for strangers.
    unauthorizedResolver: () => [] as never,
  }),
}));

export const OrderResult = builder.objectRef<{ orderId: string }>("PaymentOrderResult").implement({
  description: "The order a payment step acted on, as it is now.",
  fields: (t) => ({
    order: t.prismaField({
      type: "Order",
      description: "The order after the change",
      resolve: (query, result, _args, ctx) => ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: result.orderId } }),
    }),
  }),
});

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
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      orderId: t.arg.id({ required: true, description: "Order id (UUID)" }),
      bankReference: t.arg.string({ required: false, description: "The bank's transaction reference, for the audit log" }),
      amountDue: t.arg.string({
        required: false,
        description: "The balance the admin checked the bank for (e.g. \"15000.00\"); refused, changing nothing, when the order asks another amount now (pieces added meanwhile)",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const order = await markOrderPaid(ctx.prisma, ctx.config, actorOf(ctx.viewer), {
        orderId: String(args.orderId),
        bankReference: args.bankReference,
        amountDue: args.amountDue,
      });
      return { orderId: order.id };
    },
  }),
  rejectPayment: t.field({
    type: OrderResult,
    description: "Admin: the receipt does not match a credit. Back to awaiting transfer with a reason; emails the shopper; audited.",
    authScopes: { staff: true },
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
