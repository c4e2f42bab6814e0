// Admin: the audit log (who changed what, before and after) and one order's audit timeline.
import { builder } from "./builder.ts";
import { auditActions, listAuditEntries, orderAuditTimeline } from "../modules/audit/audit-log.service.ts";
import { isUuid } from "../../../common/uuid.ts";

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
}));
