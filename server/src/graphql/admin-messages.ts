// Admin: the WhatsApp and SMS outbox (decision 036): each message's channel, template, status as
// the provider last reported it, and a retry for failed ones.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { outboxPage } from "../modules/mail/outbox-admin.service.ts";
import { retryMessage } from "../modules/messages/messages-admin.service.ts";

const MessageChannelEnum = builder.enumType("MessageChannel", {
  description: "How a message goes: WhatsApp (Cloud API) or SMS (Termii).",
  values: { whatsapp: { description: "A WhatsApp template message" }, sms: { description: "A text message through Termii" } } as const,
});

const MessageStatusEnum = builder.enumType("MessageStatus", {
  description: "Delivery state of a WhatsApp or SMS message.",
  values: {
    queued: { description: "Waiting for the next delivery pass" },
    sent: { description: "Accepted by the provider" },
    delivered: { description: "Delivered to the phone (WhatsApp's report)" },
    read: { description: "Read by the recipient (WhatsApp's report)" },
    failed: { description: "Not delivered; an admin can retry it" },
    cancelled: { description: "Not sent: the recipient replied STOP" },
  } as const,
});

builder.prismaObject("MessageOutbox", {
  name: "OutboxMessage",
  description: "A WhatsApp or SMS message the shop sends, kept in the outbox with its delivery state (admin).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Outbox message id (UUID)" }),
    channel: t.expose("channel", { type: MessageChannelEnum, description: "WhatsApp or SMS" }),
    template: t.exposeString("template", { description: "The WhatsApp template (order_received, …) or the one an SMS stands for" }),
    to: t.exposeString("to", { description: "Recipient number, international form without the plus" }),
    text: t.exposeString("text", { description: "The SMS text (a WhatsApp message's fallback)" }),
    status: t.expose("status", { type: MessageStatusEnum, description: "Delivery state" }),
    attempts: t.exposeInt("attempts", { description: "Delivery attempts made so far" }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Error of the last failed attempt or report; null if none" }),
    orderId: t.exposeID("orderId", { nullable: true, description: "The order it is about; null for none" }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true, description: "When the provider accepted it" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was queued" }),
  }),
});

const MessageDeliveryType = builder.objectRef<{ whatsappConfigured: boolean; smsConfigured: boolean }>("MessageDelivery").implement({
  description: "Which message channels the store can send on.",
  fields: (t) => ({
    whatsappConfigured: t.exposeBoolean("whatsappConfigured", { description: "WHATSAPP_TOKEN is set" }),
    smsConfigured: t.exposeBoolean("smsConfigured", { description: "TERMII_API_KEY is set" }),
  }),
});

builder.queryFields((t) => ({
  adminMessageDelivery: t.field({
    type: MessageDeliveryType,
    description: "Whether WhatsApp and SMS are configured.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ({ whatsappConfigured: Boolean(ctx.config.whatsapp), smsConfigured: Boolean(ctx.config.termii) }),
  }),
  adminMessages: t.prismaField({
    type: ["MessageOutbox"],
    description: "WhatsApp and SMS messages in the outbox, newest first.",
    authScopes: { admin: true },
    args: {
      status: t.arg({ type: MessageStatusEnum, required: false, description: "Only messages in this state; none lists all" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Messages to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 50, description: "Page size, at most 200" }),
    },
    resolve: (query, _root, args, ctx) => ctx.prisma.messageOutbox.findMany({ ...query, ...outboxPage(args.status ?? null, args.offset, args.limit) }),
  }),
}));

builder.mutationFields((t) => ({
  retryMessage: t.prismaField({
    type: "MessageOutbox",
    description: "Queues a failed WhatsApp or SMS message again for the next delivery pass (admin).",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Outbox message id (UUID) of a failed message" }) },
    resolve: async (query, _root, { id }, ctx) => {
      const message = await retryMessage(ctx.prisma, String(id));
      return ctx.prisma.messageOutbox.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: message.id } });
    },
  }),
}));
