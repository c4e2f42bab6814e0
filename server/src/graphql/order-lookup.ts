// An order found by its reference: the tracker's status history (public, statuses and times only)
// and a guest's full order by reference + phone. Both are rate-limited per client.
import { builder } from "./builder.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { findOrderByReferenceAndPhone, orderStatusHistory, throttledReferenceLookup, type StatusStep } from "../modules/payments/lookup.service.ts";
import { OrderResult } from "./payment-receipts.ts";
import { emailOrderReferences } from "../modules/orders/orders-by-phone.service.ts";

const StatusStepType = builder.objectRef<StatusStep>("OrderStatusStep").implement({
  description: "One step of an order's history: statuses and time only (safe to show on the tracker).",
  fields: (t) => ({
    status: t.exposeString("status", { description: "Fulfilment status from this step (an OrderStatus value)" }),
    paymentStatus: t.exposeString("paymentStatus", { description: "Payment status from this step (a PaymentStatus value)" }),
    at: t.expose("at", { type: "DateTime", description: "When the step happened" }),
  }),
});

builder.prismaObjectFields("Order", (t) => ({
  statusHistory: t.field({
    type: [StatusStepType],
    description: "Status changes with times, oldest first.",
    select: { shortOrderId: true },
    resolve: async (order, _args, ctx) => (await orderStatusHistory(ctx.prisma, order.shortOrderId)) ?? [],
  }),
}));

builder.queryFields((t) => ({
  orderStatusHistory: t.field({
    type: [StatusStepType],
    nullable: true,
    description: "The tracker's history by order reference: statuses and times only. Null when there is no such order.",
    authScopes: { public: true },
    args: { reference: t.arg.string({ required: true, description: "Short order id or order id (UUID), at most 64 characters" }) },
    resolve: (_root, args, ctx) =>
      args.reference.length > 64 ? null : throttledReferenceLookup(ctx.prisma, ctx.ip, () => orderStatusHistory(ctx.prisma, args.reference)),
  }),
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

const OrdersByPhoneRequest = builder.objectRef<{ phone: string }>("OrdersByPhoneRequest").implement({
  description: "A request to email the references of orders placed with a phone number (the same answer whether any matched).",
  fields: (t) => ({
    phone: t.exposeString("phone", { description: "The phone number asked about, as people read it (+234 803 123 4567)" }),
  }),
});

builder.mutationFields((t) => ({
  emailOrderReferences: t.field({
    type: OrdersByPhoneRequest,
    description:
      "A guest who lost the order reference: the references of recent orders placed with this phone are emailed to the email address on those orders (no text messages). Public, rate-limited per client and per phone.",
    authScopes: { public: true },
    errors: { types: [ValidationError, RateLimitError] },
    args: { phone: t.arg.string({ required: true, description: "Phone number given at checkout" }) },
    resolve: (_root, args, ctx) => emailOrderReferences(ctx.prisma, { phone: args.phone }, ctx.ip, ctx.config.publicUrl),
  }),
}));
