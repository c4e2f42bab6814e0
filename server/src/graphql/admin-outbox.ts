// Admin: the email outbox (queued, sent, failed) and retrying failed emails.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { deliveryStateOf, outboxPage, retryEmail } from "../modules/mail/outbox-admin.service.ts";

const EmailStatusEnum = builder.enumType("EmailStatus", {
  description: "Delivery state of an email in the outbox.",
  values: {
    queued: { description: "Waiting for the next delivery pass (or for SMTP to be configured)" },
    sent: { description: "Accepted by the SMTP server" },
    failed: { description: "Gave up after repeated errors; an admin can retry it" },
  } as const,
});

builder.prismaObject("EmailOutbox", {
  name: "OutboxEmail",
  description: "An email the shop sends (order confirmation, status change…), kept in the outbox until delivered (admin).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Outbox email id (UUID)" }),
    to: t.exposeString("to", { description: "Recipient address" }),
    subject: t.exposeString("subject", { description: "Subject line" }),
    body: t.exposeString("body", { description: "Plain-text body as sent" }),
    status: t.expose("status", { type: EmailStatusEnum, description: "Delivery state" }),
    deliveryState: t.string({
      description: 'The status as the admin reads it: "not sent: no SMTP configured" for queued emails when SMTP_URL is not set',
      select: { status: true },
      resolve: (email, _args, ctx) => deliveryStateOf(email, Boolean(ctx.config.smtpUrl)),
    }),
    attempts: t.exposeInt("attempts", { description: "Delivery attempts made so far" }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Error of the last failed attempt; null if none" }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", description: "Earliest time of the next delivery attempt" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true, description: "When it was sent; null until then" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was queued" }),
  }),
});

const MailDeliveryType = builder.objectRef<{ smtpConfigured: boolean; from: string }>("MailDelivery").implement({
  description: "Whether the store can deliver email at all.",
  fields: (t) => ({
    smtpConfigured: t.exposeBoolean("smtpConfigured", { description: "False when SMTP_URL is not set: emails are kept in the outbox, not sent" }),
    from: t.exposeString("from", { description: "The sender address (MAIL_FROM)" }),
  }),
});

builder.queryFields((t) => ({
  adminMailDelivery: t.field({
    type: MailDeliveryType,
    description: "Whether email delivery (SMTP) is configured.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ({ smtpConfigured: Boolean(ctx.config.smtpUrl), from: ctx.config.mailFrom }),
  }),
  adminEmails: t.prismaField({
    type: ["EmailOutbox"],
    description: "Emails in the outbox, newest first.",
    authScopes: { admin: true },
    args: {
      status: t.arg({ type: EmailStatusEnum, required: false, description: "Only emails in this state; none lists all" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Emails to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 50, description: "Page size, at most 200" }),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.emailOutbox.findMany({ ...query, ...outboxPage(args.status ?? null, args.offset, args.limit) }),
  }),
}));

builder.mutationFields((t) => ({
  retryEmail: t.prismaField({
    type: "EmailOutbox",
    description: "Queues a failed email again for the next delivery pass (admin).",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Outbox email id (UUID) of a failed email" }) },
    resolve: async (query, _root, { id }, ctx) => {
      const email = await retryEmail(ctx.prisma, String(id));
      return ctx.prisma.emailOutbox.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: email.id } });
    },
  }),
}));
