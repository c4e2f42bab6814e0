// The payment link of an unpaid order and the public page behind it (issue 35, decision 035): a
// buyer who has never seen the store opens /pay/<shortOrderId> from a chat and pays without signing
// in. The page's read is rate-limited like the tracker's, and shows the buyer's contact only masked.
// When the shop has Paystack the page also opens a one-time account or a checkout page for the
// order's amountDue (openPaymentPagePayment), answering with how to pay and nothing about the buyer.
import { builder } from "./builder.ts";
import { ownerOrStaff, PaymentMethodEnum } from "./orders.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { findOrderIdByReference } from "../modules/orders/order-queries.service.ts";
import { throttledReferenceLookup } from "../modules/payments/lookup.service.ts";
import { openPaymentPagePayment, PAYMENT_PAGE_MESSAGES, type PaymentPagePayment } from "../modules/payments/payment-page-payments.service.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { UNPAID_STATUSES } from "../../../common/order-status.ts";
import { payPagePath } from "../../../common/routes.ts";
import { firstName, maskAddress, maskEmail, maskPhone } from "../../../common/masked-contact.ts";

builder.prismaObjectFields("Order", (t) => ({
  paymentLink: t.string({
    nullable: true,
    description: "While the order is unpaid: the absolute link to its payment page (PUBLIC_URL/pay/<shortOrderId>). Null once paid or cancelled, and for anyone but the owner, staff and admins.",
    select: { id: true, userId: true, shortOrderId: true, status: true, paymentStatus: true },
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => null,
    resolve: (order, _args, ctx) =>
      order.status !== "cancelled" && (UNPAID_STATUSES as readonly string[]).includes(order.paymentStatus)
        ? `${ctx.config.publicUrl}${payPagePath(order.shortOrderId)}`
        : null,
  }),
}));

interface PaymentPageShape {
  orderId: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  deliveryMethod: string;
  customerAddress: string | null;
}

const PaymentPage = builder.objectRef<PaymentPageShape>("PaymentPage").implement({
  description: "What the public payment page shows of an order: the order's public fields and the buyer's contact, masked.",
  fields: (t) => ({
    order: t.prismaField({
      type: "Order",
      description: "The order (its contact fields stay null for anyone but the owner, staff and admins)",
      resolve: (query, page, _args, ctx) => ctx.prisma.order.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: page.orderId } }),
    }),
    buyerName: t.string({ description: "The buyer's first name", resolve: (page) => firstName(page.customerName) }),
    phoneHint: t.string({ description: 'The buyer\'s phone, masked: "0805 ••• ••34"', resolve: (page) => maskPhone(page.customerPhone) }),
    emailHint: t.string({ nullable: true, description: "The buyer's email, masked; null when none", resolve: (page) => (page.customerEmail ? maskEmail(page.customerEmail) : null) }),
    addressHint: t.string({
      nullable: true,
      description: "Doorstep delivery: the address's last part only; motor park and pickup: where (not personal)",
      resolve: (page) => (page.deliveryMethod === "doorstep" ? maskAddress(page.customerAddress ?? "") : page.customerAddress),
    }),
  }),
});

builder.queryField("paymentPage", (t) =>
  t.field({
    type: PaymentPage,
    nullable: true,
    description: "The payment page of an order, by short order id: public (the link is shared in chats), rate-limited like the tracker; null when no order has it.",
    authScopes: { public: true },
    args: { reference: t.arg.string({ required: true, description: "The short order id from the link" }) },
    resolve: async (_root, args, ctx) => {
      const id = await throttledReferenceLookup(ctx.prisma, ctx.ip, () => findOrderIdByReference(ctx.prisma, args.reference));
      if (!id) return null;
      const order = await ctx.prisma.order.findUniqueOrThrow({
        where: { id },
        select: { id: true, customerName: true, customerPhone: true, customerEmail: true, deliveryMethod: true, customerAddress: true },
      });
      return { ...order, orderId: order.id };
    },
  }),
);

const PaymentPagePaymentRef = builder.objectRef<PaymentPagePayment>("PaymentPagePayment").implement({
  description: "How to pay an order through Paystack from its payment page: the one-time account or the checkout page, nothing about the buyer.",
  fields: (t) => ({
    method: t.field({ type: PaymentMethodEnum, description: "paystack_transfer or paystack_card", resolve: (p) => p.method }),
    amount: t.field({ type: "Money", description: "What Paystack was asked to take: the order's amountDue when the payment was opened", resolve: (p) => p.amount }),
    accountNumber: t.exposeString("accountNumber", { nullable: true, description: "Pay with Transfer: the one-time account number" }),
    accountName: t.exposeString("accountName", { nullable: true, description: "Pay with Transfer: the one-time account's name" }),
    bankName: t.exposeString("bankName", { nullable: true, description: "Pay with Transfer: the one-time account's bank" }),
    accountExpiresAt: t.expose("accountExpiresAt", { type: "DateTime", nullable: true, description: "Pay with Transfer: when the account stops taking the transfer" }),
    checkoutUrl: t.exposeString("checkoutUrl", { nullable: true, description: "Card / USSD / bank app: Paystack's checkout page (it returns to the payment page)" }),
  }),
});

builder.mutationField("openPaymentPagePayment", (t) =>
  t.field({
    type: PaymentPagePaymentRef,
    description:
      "The payment page's Paystack choices: opens a one-time account (paystack_transfer) or a checkout page (paystack_card) for the unpaid order's amountDue, or gives again the one it opened before that can still take the money. Public and rate-limited like paymentPage; grants no access to the order.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, RateLimitError] },
    args: {
      reference: t.arg.string({ required: true, description: "The short order id from the link" }),
      method: t.arg({ type: PaymentMethodEnum, required: true, description: "paystack_transfer or paystack_card" }),
    },
    resolve: async (_root, args, ctx) => {
      const id = await throttledReferenceLookup(ctx.prisma, ctx.ip, () => findOrderIdByReference(ctx.prisma, args.reference));
      if (!id) throw new NotFoundError(PAYMENT_PAGE_MESSAGES.notFound);
      return openPaymentPagePayment(ctx.prisma, ctx.config, id, args.method);
    },
  }),
);
