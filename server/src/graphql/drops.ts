// Drops: the next drop announced on the home page, and shoppers' requests to be emailed when it goes live.
import { builder } from "./builder.ts";
import { RateLimitError, ValidationError } from "../modules/errors.ts";
import { nextDrop, requestDropReminder, type DropSummary } from "../modules/drops/drops.service.ts";

const DropType = builder.objectRef<DropSummary>("Drop").implement({
  description: "A drop: pieces that go on sale together at one announced time (the pieces stay hidden until then).",
  fields: (t) => ({
    at: t.expose("at", { type: "DateTime", description: "When its pieces go on sale (show it in Lagos time)" }),
    productCount: t.exposeInt("productCount", { description: "How many pieces it brings" }),
    categories: t.exposeStringList("categories", { description: "Names of the categories its pieces are in, alphabetical" }),
  }),
});

const DropReminderInput = builder.inputType("DropReminderInput", {
  description: "A shopper's request to be emailed once when the next drop goes live.",
  fields: (t) => ({
    email: t.string({ required: true, description: "Where to send the one reminder" }),
    consent: t.boolean({ required: true, description: "True only when the shopper ticked the box agreeing to the email" }),
  }),
});

const DropReminderResult = builder.objectRef<{ dropAt: Date }>("DropReminder").implement({
  description: "A stored reminder request.",
  fields: (t) => ({
    dropAt: t.expose("dropAt", { type: "DateTime", description: "The drop it is for: the email goes out at this time" }),
  }),
});

builder.queryFields((t) => ({
  nextDrop: t.field({
    type: DropType,
    nullable: true,
    description: "The next drop still to come (earliest time), or null when none is scheduled (public).",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => nextDrop(ctx.prisma),
  }),
}));

builder.mutationFields((t) => ({
  requestDropReminder: t.field({
    type: DropReminderResult,
    description:
      "Asks for one email when the next drop goes live (public): needs consent; one per email per drop (asking again changes nothing); rate-limited like sign-up. Every email has a one-click unsubscribe link.",
    authScopes: { public: true },
    errors: { types: [ValidationError, RateLimitError] },
    args: { input: t.arg({ type: DropReminderInput, required: true, description: "Email and consent" }) },
    resolve: (_root, { input }, ctx) => requestDropReminder(ctx.prisma, input, ctx.ip),
  }),
}));
