// Admin: every order (newest first, filters by month, size and channel), status changes and deletion.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { ADMIN_PAGE } from "../modules/admin/paging.ts";
import { pageWindow } from "../modules/paging.ts";
import { OrderStatusEnum } from "./orders.ts";
import { SaleChannelEnum } from "./sale-channels.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { InsufficientStockError, NotFoundError, UnpaidOrderError, ValidationError } from "../modules/errors.ts";
import { changeOrderStatus } from "../modules/orders/order-status.service.ts";
import { ADMIN_ORDER_ORDER, adminOrderWhere, deleteOrder } from "../modules/orders/order-admin.service.ts";

const AdminOrderFilter = builder.inputType("AdminOrderFilter", {
  description: "Narrows the admin order list; every condition given must hold.",
  fields: (t) => ({
    month: t.string({ required: false, description: "YYYY-MM: orders created that month (West Africa Time)" }),
    size: t.string({ required: false, description: "Case-insensitive match on an item's size" }),
    channel: t.field({ type: SaleChannelEnum, required: false, description: "Only orders made through this channel" }),
  }),
});

const UpdateOrderStatusInput = builder.inputType("UpdateOrderStatusInput", {
  description: "A fulfilment status change by an admin, with the hand-over details when shipping.",
  fields: (t) => ({
    orderId: t.id({ required: true, description: "Order id (UUID)" }),
    status: t.field({ type: OrderStatusEnum, required: true, description: "The new status" }),
    reason: t.string({ required: false, description: "Why (kept in the audit log)" }),
    transportCompany: t.string({ required: false, description: "When shipping: the transport company" }),
    waybillNumber: t.string({ required: false, description: "When shipping: the waybill number from the transport company" }),
    driverPhone: t.string({ required: false, description: "When shipping: the driver's phone number" }),
    confirmUnpaid: t.boolean({
      required: false,
      description: "Moving an unpaid order on to processing, shipped or delivered: true once the admin confirmed it (else UnpaidOrderError)",
    }),
  }),
});

builder.queryFields((t) => ({
  adminOrders: t.prismaField({
    type: ["Order"],
    description: "Orders with their items, newest first, optionally filtered by month, item size and channel.",
    authScopes: { staff: true },
    args: {
      filter: t.arg({ type: AdminOrderFilter, required: false, description: "Month, size and channel conditions; none lists all" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Orders to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 100, description: `Page size, at most ${ADMIN_PAGE.maxLimit}` }),
    },
    resolve: (query, _root, args, ctx) => {
      const { skip, take } = pageWindow(args.offset, args.limit, ADMIN_PAGE);
      return ctx.prisma.order.findMany({ ...query, where: adminOrderWhere(args.filter ?? {}), orderBy: ADMIN_ORDER_ORDER, skip, take });
    },
  }),
}));

builder.mutationFields((t) => ({
  updateOrderStatus: t.prismaField({
    type: "Order",
    description: "Changes an order's status (admin), any to any; stock, tracking, the customer's email and the audit log follow.",
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError, InsufficientStockError, UnpaidOrderError] },
    args: { input: t.arg({ type: UpdateOrderStatusInput, required: true, description: "The order and its new status" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const order = await changeOrderStatus(
        ctx.prisma,
        actorOf(ctx.viewer),
        { ...input, orderId: String(input.orderId) },
        { publicUrl: ctx.config.publicUrl, holdHours: ctx.config.holdHours, store: ctx.config.store, whatsapp: ctx.config.whatsapp, termii: ctx.config.termii },
      );
      return ctx.prisma.order.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: order.id } });
    },
  }),
  deleteOrder: t.id({
    description:
      "Deletes an order (admin): its items, then the order, in one transaction; held stock goes back on sale. Refused for an order with money paid, shipped or delivered, or with a claim (cancel it instead). Returns the deleted id.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Order id (UUID)" }) },
    resolve: (_root, { id }, ctx) => deleteOrder(ctx.prisma, actorOf(ctx.viewer), String(id)),
  }),
}));
