// Admin: the owner's figures for the dashboard (rules and definitions in modules/reports/figures.service.ts).
import { builder } from "./builder.ts";
import { SaleChannelEnum } from "./sale-channels.ts";
import {
  ownerFigures,
  type CategoryFigures as CategoryFiguresShape,
  type ChannelFigures as ChannelFiguresShape,
  type DayFigures as DayFiguresShape,
  type OrdersAndValue as OrdersAndValueShape,
  type OwnerFigures as OwnerFiguresShape,
  type PeriodFigures as PeriodFiguresShape,
} from "../modules/reports/figures.service.ts";

const CategoryFigures = builder.objectRef<CategoryFiguresShape>("CategoryFigures").implement({
  description: "How one category sold in a period. Sell-through = units sold ÷ (units sold + units in stock now).",
  fields: (t) => ({
    categoryId: t.exposeID("categoryId", { nullable: true, description: "Null for products without a category" }),
    name: t.exposeString("name", { description: "Category name (or a label for uncategorised products)" }),
    unitsSold: t.exposeInt("unitsSold", { description: "Pieces in orders paid in the period" }),
    unitsInStock: t.exposeInt("unitsInStock", { description: "Pieces in stock now" }),
    sellThroughPercent: t.exposeString("sellThroughPercent", { nullable: true, description: 'Percentage with one decimal, e.g. "40.0"' }),
    medianDaysToSale: t.exposeString("medianDaysToSale", { nullable: true, description: "Median days from listing to payment, one decimal" }),
  }),
});

const ChannelFigures = builder.objectRef<ChannelFiguresShape>("ChannelFigures").implement({
  description: "One sale channel's figures, with the same definitions as the totals they add up to.",
  fields: (t) => ({
    channel: t.field({ type: SaleChannelEnum, description: "Where the sales were made", resolve: (c) => c.channel }),
    ordersPlaced: t.exposeInt("ordersPlaced", { description: "Orders of this channel created in the window, whatever their state now" }),
    paidOrders: t.exposeInt("paidOrders", { description: "Orders of this channel paid in the window (not cancelled)" }),
    paidSales: t.expose("paidSales", { type: "Money", description: "Money received for this channel's orders that became paid in the window (not cancelled), as in PeriodFigures.paidSales" }),
  }),
});

const PeriodFigures = builder.objectRef<PeriodFiguresShape>("PeriodFigures").implement({
  description: "Figures for the last N Lagos days up to now (today counts as the first day).",
  fields: (t) => ({
    key: t.exposeString("key", { description: "today, 7d or 30d" }),
    label: t.exposeString("label", { description: "Heading for the dashboard, e.g. Last 7 days" }),
    days: t.exposeInt("days", { description: "Lagos days covered (1, 7 or 30)" }),
    from: t.expose("from", { type: "DateTime", description: "Start of the period" }),
    to: t.expose("to", { type: "DateTime", description: "End of the period" }),
    paidSales: t.expose("paidSales", { type: "Money", description: "Money received for the orders that became paid in the period and are not cancelled: their amountPaid with their refunds added back (refunds count on their own, when the money went back), over-payments included; a part payment counts once its order is paid, when it became paid" }),
    refunds: t.expose("refunds", {
      type: "Money",
      description: "Money sent back in the period for sales (paid, not cancelled orders): processed Paystack refunds by when Paystack settled them, transfer refunds by when they were recorded",
    }),
    netSales: t.expose("netSales", { type: "Money", description: "paidSales − refunds; negative when more went back than was sold in the period" }),
    paidOrders: t.exposeInt("paidOrders", { description: "Orders paid in the period (not cancelled)" }),
    paidAfterReminder: t.exposeInt("paidAfterReminder", { description: "Of the paid orders, those paid after their payment reminder (WhatsApp, SMS, email) went" }),
    ordersPlaced: t.exposeInt("ordersPlaced", { description: "Orders created in the period, whatever their state now" }),
    averageOrderValue: t.expose("averageOrderValue", { type: "Money", nullable: true, description: "Paid sales ÷ paid orders, to the kobo" }),
    channels: t.field({ type: [ChannelFigures], description: "The period by sale channel, every channel listed (they add up to the totals)", resolve: (p) => p.channels }),
    categories: t.field({ type: [CategoryFigures], description: "Every category's figures for the period", resolve: (p) => p.categories }),
    bestCategory: t.field({ type: CategoryFigures, nullable: true, description: "Highest sell-through (ties: more units sold); null without categories", resolve: (p) => p.bestCategory }),
    slowestCategory: t.field({ type: CategoryFigures, nullable: true, description: "Lowest sell-through; null with fewer than two categories, when nothing sold, or when several sold nothing (no one of a tie is the slowest)", resolve: (p) => p.slowestCategory }),
  }),
});

const DayFigures = builder.objectRef<DayFiguresShape>("DayFigures").implement({
  description: "One Lagos day's figures, with the same rules as PeriodFigures (today: up to now).",
  fields: (t) => ({
    date: t.exposeString("date", { description: "The Lagos calendar day, YYYY-MM-DD" }),
    ordersPlaced: t.exposeInt("ordersPlaced", { description: "Orders created that day, whatever their state now" }),
    paidOrders: t.exposeInt("paidOrders", { description: "Orders paid that day (not cancelled)" }),
    paidSales: t.expose("paidSales", { type: "Money", description: "Money received for the orders that became paid that day (not cancelled), as in PeriodFigures.paidSales" }),
    refunds: t.expose("refunds", { type: "Money", description: "Money sent back that day for sales, as in PeriodFigures.refunds" }),
    netSales: t.expose("netSales", { type: "Money", description: "paidSales − refunds" }),
    channels: t.field({ type: [ChannelFigures], description: "The day by sale channel, every channel listed (they add up to the day)", resolve: (d) => d.channels }),
  }),
});

const OrdersAndValue = builder.objectRef<OrdersAndValueShape>("OrdersAndValue").implement({
  description: "A number of orders awaiting payment and what they still ask.",
  fields: (t) => ({
    orders: t.exposeInt("orders", { description: "Number of orders" }),
    value: t.expose("value", { type: "Money", description: "Sum of what they still ask (their amountDue: a part-paid order counts its balance)" }),
  }),
});

const OwnerFigures = builder.objectRef<OwnerFiguresShape>("OwnerFigures").implement({
  description: "The owner's dashboard figures: sales per period and money waiting on transfers (admin).",
  fields: (t) => ({
    asOf: t.expose("asOf", { type: "DateTime", description: "The instant the figures look back from" }),
    periods: t.field({ type: [PeriodFigures], description: "Today, last 7 and last 30 Lagos days", resolve: (f) => f.periods }),
    daily: t.field({
      type: [DayFigures],
      description: "The last 30 Lagos days one by one, oldest first, ending today; the last N add up to the N-day period",
      resolve: (f) => f.daily,
    }),
    awaitingPayment: t.field({ type: OrdersAndValue, description: "Pending orders not yet paid, right now", resolve: (f) => f.awaitingPayment }),
    holdsExpiringSoon: t.field({
      type: OrdersAndValue,
      description: "Unpaid orders whose hold ends within holdWarningHours",
      resolve: (f) => f.holdsExpiringSoon,
    }),
    holdWarningHours: t.int({ description: "Window used by holdsExpiringSoon, in hours", resolve: (f) => f.holdsExpiringSoon.hours }),
  }),
});

builder.queryField("ownerFigures", (t) =>
  t.field({
    type: OwnerFigures,
    description: "The owner's figures for today, 7 and 30 Lagos days; asOf (default now) looks back from another instant.",
    authScopes: { admin: true },
    args: { asOf: t.arg({ type: "DateTime", required: false, description: "Look back from this instant; default now" }) },
    resolve: (_root, { asOf }, ctx) => ownerFigures(ctx.prisma, asOf ?? new Date()),
  }),
);
