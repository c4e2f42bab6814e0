// Admin: the email outbox (queued, sent, failed) and retrying failed emails.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { outboxPage, retryEmail } from "../mail/outbox-admin.ts";

const EmailStatusEnum = builder.enumType("EmailStatus", { values: ["queued", "sent", "failed"] as const });

builder.prismaObject("EmailOutbox", {
  name: "OutboxEmail",
  fields: (t) => ({
    id: t.exposeID("id"),
    to: t.exposeString("to"),
    subject: t.exposeString("subject"),
    body: t.exposeString("body"),
    status: t.expose("status", { type: EmailStatusEnum }),
    attempts: t.exposeInt("attempts"),
    lastError: t.exposeString("lastError", { nullable: true }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
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
