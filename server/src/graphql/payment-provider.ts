// Payments a provider confirms (Paystack, decision 027): which methods the shop offers, the
// provider payments on an order (the shopper's one-time account or checkout page; the admin's
// record with flags), and the card's return page (verify, retry).
import { builder } from "./builder.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { ownerOrStaff, PaymentMethodEnum } from "./orders.ts";
import { confirmCardPayment, retryCardPayment } from "../modules/payments/provider-payments.service.ts";
import { offeredPaymentMethods } from "../modules/payments/providers/select.ts";
import { fromKobo } from "../../../common/kobo.ts";

const ProviderPaymentStatusEnum = builder.enumType("ProviderPaymentStatus", {
  description: "Where a provider payment's money stands.",
  values: {
    pending: { description: "Asked for; the provider has not reported the money" },
    succeeded: { description: "The provider verified that the money arrived" },
    failed: { description: "Never paid: declined or abandoned (see failureReason), the provider could not open it, or the order closed without it" },
  } as const,
});

const ProviderPaymentFlagEnum = builder.enumType("ProviderPaymentFlag", {
  description: "Why a provider payment needs the owner's attention.",
  values: {
    short: { description: "Less than the order total: the order is not paid" },
    over: { description: "More than the order total: paid; refund the difference" },
    late: { description: "The order was already cancelled or expired, or the balance it was for released: not brought back" },
    unmatched: { description: "No order has this reference" },
    duplicate: { description: "The order was already paid by another payment" },
  } as const,
});

builder.prismaObject("ProviderPayment", {
  description: "A payment asked of a provider for an order (owner, staff and admins only), or one it reported that matches no order.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Payment id (UUID)" }),
    provider: t.exposeString("provider", { description: "The provider, e.g. paystack" }),
    reference: t.exposeString("reference", { description: "The payment's reference at the provider" }),
    amount: t.field({ type: "Money", description: "The amount asked (the order's amountDue when it was opened)", resolve: (p) => fromKobo(p.amountKobo) }),
    paidAmount: t.field({
      type: "Money",
      nullable: true,
      description: "What the provider verified as paid; null until then",
      resolve: (p) => (p.paidKobo === null ? null : fromKobo(p.paidKobo)),
    }),
    difference: t.field({
      type: "Money",
      nullable: true,
      description: "Short or over payments: how much short or over; null otherwise",
      resolve: (p) => (p.paidKobo !== null && (p.flag === "short" || p.flag === "over") ? fromKobo(Math.abs(p.paidKobo - p.amountKobo)) : null),
    }),
    channel: t.exposeString("channel", { description: "Asked: bank_transfer or checkout; once paid, the provider's channel (card, bank_transfer, ussd…)" }),
    status: t.expose("status", { type: ProviderPaymentStatusEnum, description: "Where its money stands" }),
    flag: t.expose("flag", { type: ProviderPaymentFlagEnum, nullable: true, description: "Why it needs the owner; null when it does not" }),
    failureReason: t.exposeString("failureReason", {
      nullable: true,
      description: "Failed payments: the provider's verdict and words, e.g. \"failed · Declined\"; null otherwise",
    }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When the provider says it was paid" }),
    accountNumber: t.exposeString("accountNumber", { nullable: true, description: "Pay with Transfer: the one-time account number" }),
    accountName: t.exposeString("accountName", { nullable: true, description: "Pay with Transfer: the one-time account's name" }),
    bankName: t.exposeString("bankName", { nullable: true, description: "Pay with Transfer: the one-time account's bank" }),
    accountExpiresAt: t.expose("accountExpiresAt", {
      type: "DateTime",
      nullable: true,
      description: "Pay with Transfer: when the account stops taking the transfer (never after the order's hold)",
    }),
    checkoutUrl: t.exposeString("checkoutUrl", { nullable: true, description: "Card / USSD / bank app: the provider's checkout page" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was asked for" }),
  }),
});

builder.prismaObjectFields("Order", (t) => ({
  providerPayments: t.relation("providerPayments", {
    description: "Payments asked of a provider for this order, newest first. Owner, staff and admins only; empty for anyone else.",
    query: { orderBy: { createdAt: "desc" } },
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => [] as never,
  }),
}));

builder.queryFields((t) => ({
  paymentMethods: t.field({
    type: [PaymentMethodEnum],
    description: "How shoppers can pay now: bank_transfer always; the Paystack methods when the shop has a Paystack key.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => offeredPaymentMethods(ctx.config),
  }),
  unmatchedPayments: t.prismaField({
    type: ["ProviderPayment"],
    description: "Provider payments that match no order or need a refund decision (flagged), newest first (admin).",
    authScopes: { admin: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.providerPayment.findMany({ ...query, where: { flag: { not: null } }, orderBy: { createdAt: "desc" }, take: 100 }),
  }),
}));

const CardOutcomeEnum = builder.enumType("CardPaymentOutcome", {
  description: "What the provider says about a card / USSD / bank app payment.",
  values: {
    paid: { description: "Paid: the order is confirmed" },
    pending: { description: "The provider is still waiting for the bank" },
    failed: { description: "Not paid; the shopper may try again" },
    short: { description: "Paid less than the total; the shop will contact the shopper" },
    over: { description: "Paid more than the total; the order is paid and the difference will be refunded" },
    late: { description: "Paid after the order was cancelled; the shop will refund or contact the shopper" },
    unmatched: { description: "Not used for card payments" },
    duplicate: { description: "The order was already paid; the shop will refund one payment" },
  } as const,
});

const CardPaymentResult = builder.objectRef<{ orderId: string; outcome: string; message: string | null }>("CardPaymentResult").implement({
  description: "The provider's verdict on a card payment, and its order.",
  fields: (t) => ({
    outcome: t.field({ type: CardOutcomeEnum, description: "Paid, pending, failed or flagged", resolve: (r) => r.outcome as never }),
    message: t.exposeString("message", { nullable: true, description: "Failed: what went wrong, in the shopper's words" }),
    order: t.prismaField({
      type: "Order",
      description: "The order the payment is for",
      resolve: (query, r, _args, ctx) => ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: r.orderId } }),
    }),
  }),
});

builder.mutationFields((t) => ({
  confirmCardPayment: t.field({
    type: CardPaymentResult,
    description: "The card's return page: asks the provider about the payment (never trusts the page) and settles it if paid.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { reference: t.arg.string({ required: true, description: "The reference the provider sent back (?reference=…)" }) },
    resolve: async (_root, args, ctx) => {
      const result = await confirmCardPayment(ctx.prisma, ctx.config, args.reference);
      // The reference is unguessable and came back from the provider to this browser: the payer's
      // (not for a payment opened from the public payment page, whose link anyone in the chat may hold).
      if (result.grantsAccess) grantOrderAccess(ctx, result.orderId);
      return result;
    },
  }),
  retryCardPayment: t.field({
    type: builder.objectRef<{ authorizationUrl: string }>("CardRetry").implement({
      description: "A new checkout page for the same order.",
      fields: (f) => ({ authorizationUrl: f.exposeString("authorizationUrl", { description: "Send the shopper here" }) }),
    }),
    description: "After a failed card payment: a new checkout page for the same unpaid order.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { reference: t.arg.string({ required: true, description: "The reference of the failed payment" }) },
    resolve: (_root, args, ctx) => retryCardPayment(ctx.prisma, ctx.config, args.reference),
  }),
}));
