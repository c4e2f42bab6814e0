// Admin: the email outbox (queued, sent, failed) and retrying failed emails.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { deliveryStateOf, outboxPage, retryEmail } from "../mail/outbox-admin.ts";

const EmailStatusEnum = builder.enumType("EmailStatus", { values: ["queued", "sent", "failed"] as const });

builder.prismaObject("EmailOutbox", {
  name: "OutboxEmail",
  fields: (t) => ({
    id: t.exposeID("id"),
    to: t.exposeString("to"),
    subject: t.exposeString("subject"),
    body: t.exposeString("body"),
    status: t.expose("status", { type: EmailStatusEnum }),
    deliveryState: t.string({
      description: 'The status as the admin reads it: "not sent: no SMTP configured" for queued emails when SMTP_URL is not set',
      select: { status: true },
      resolve: (email, _args, ctx) => deliveryStateOf(email, Boolean(ctx.config.smtpUrl)),
    }),
    attempts: t.exposeInt("attempts"),
    lastError: t.exposeString("lastError", { nullable: true }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
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
      status: t.arg({ type: EmailStatusEnum, required: false }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.emailOutbox.findMany({ ...query, ...outboxPage(args.status ?? null, args.offset, args.limit) }),
  }),
}));

builder.mutationFields((t) => ({
  retryEmail: t.prismaField({
    type: "EmailOutbox",
    description: "Queues a failed email again for the next delivery pass.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => {
      const email = await retryEmail(ctx.prisma, String(id));
      return ctx.prisma.emailOutbox.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: email.id } });
    },
  }),
}));
