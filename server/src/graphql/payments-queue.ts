// Admin: the payments queue (receipts to review), transfers awaited without a receipt, and the
// dashboard's payment counts.
import { builder } from "./builder.ts";
import { awaitingTransferQuery, paymentCounts, paymentsQueueIds } from "../modules/payments/queue.service.ts";

const PaymentCountsType = builder.objectRef<{ underReview: number; awaitingTransfer: number }>("PaymentCounts").implement({
  description: "Orders waiting on payment, by stage (admin).",
  fields: (t) => ({
    underReview: t.exposeInt("underReview", { description: "Receipts waiting for an admin" }),
    awaitingTransfer: t.exposeInt("awaitingTransfer", { description: "Open orders not paid yet" }),
  }),
});

builder.queryFields((t) => ({
  paymentsQueue: t.prismaField({
    type: ["Order"],
    description: "Orders with a receipt under review, the longest-waiting first.",
    authScopes: { staff: true },
    resolve: async (query, _root, _args, ctx) => {
      const ids = await paymentsQueueIds(ctx.prisma);
      const orders = await ctx.prisma.order.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => orders.find((o) => o.id === id)).filter((o) => o !== undefined);
    },
  }),
  awaitingTransferOrders: t.prismaField({
    type: ["Order"],
    description: "Orders awaiting payment with no receipt to review, the hold that ends first first (admin marks them paid from the bank).",
    authScopes: { staff: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.order.findMany({ ...query, ...awaitingTransferQuery() }),
  }),
  paymentCounts: t.field({
    type: PaymentCountsType,
    description: "For the dashboard's Payments tab.",
    authScopes: { staff: true },
    resolve: (_root, _args, ctx) => paymentCounts(ctx.prisma),
  }),
}));
