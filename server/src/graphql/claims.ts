// Claims after the sale (decision 038): the shopper opens one, staff and admins decide it (refund,
// exchange or decline) and may put the pieces back on sale. Rules live in modules/claims/.
import { builder } from "./builder.ts";
import { CLAIM_REASONS } from "../../../common/claims.ts";
import type { Context } from "./context.ts";
import { ownerOrStaff } from "./orders.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../modules/errors.ts";
import { grantOrderAccess } from "../modules/orders/ownership.ts";
import { receiptLinkKey, signReceiptUrl } from "../modules/payments/receipt-links.ts";
import { paymentProvider } from "../modules/payments/providers/select.ts";
import { CLAIM_DECISIONS, claimableReasons, decideClaim, listClaims, openClaim, orderClaimWindow, refundMethodOf, restockClaim } from "../modules/claims/claims.service.ts";

const ClaimReasonEnum = builder.enumType("ClaimReason", {
  description: "Why the shopper claims.",
  values: {
    wrong_item: { description: "The piece that came is not the one ordered" },
    undisclosed_flaw: { description: "A flaw the listing did not show" },
    not_received: { description: "The parcel never came (from 5 days after shipping)" },
    other: { description: "Anything else, told in the message" },
  } satisfies Record<(typeof CLAIM_REASONS)[number], { description: string }>,
});

const ClaimStatusEnum = builder.enumType("ClaimStatus", {
  description: "Where a claim stands.",
  values: {
    open: { description: "Waiting for the shop's decision" },
    accepted: { description: "Accepted: the piece is exchanged" },
    declined: { description: "Declined, with the shop's reason" },
    refunded: { description: "Money sent back (or on its way through Paystack)" },
  },
});

const RefundStatusEnum = builder.enumType("RefundStatus", {
  description: "Where a refund stands.",
  values: {
    pending: { description: "Asked of Paystack; not settled yet" },
    processed: { description: "The money went back" },
    failed: { description: "It did not go back; the claim is open again" },
  },
});

const RefundMethodEnum = builder.enumType("RefundMethod", {
  description: "How a refund goes out.",
  values: {
    paystack: { description: "Back through Paystack's Refund API (the order was paid through Paystack)" },
    transfer: { description: "The owner transfers the money back and records the bank reference" },
  },
});

const ClaimDecisionEnum = builder.enumType("ClaimDecision", {
  description: "What the shop decides on a claim.",
  values: {
    refund: { description: "Send money back (Paystack payments through Paystack; transfers by the owner, with the bank reference)" },
    exchange: { description: "Exchange the piece" },
    decline: { description: "Decline, with a reason for the shopper" },
  } satisfies Record<(typeof CLAIM_DECISIONS)[number], { description: string }>,
});

/** One selection for both refund fields (the same relation with two shapes would clash). */
const REFUNDS = { refunds: { orderBy: { createdAt: "asc" }, select: { amount: true, status: true, method: true } } } as const;

builder.prismaObject("Claim", {
  description: "A shopper's claim on a delivered order (the order's owner, staff and admins only).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Claim id (UUID)" }),
    reason: t.field({ type: ClaimReasonEnum, description: "Why the shopper claims", resolve: (claim) => claim.reason }),
    message: t.exposeString("message", { description: "The shopper's words" }),
    status: t.field({ type: ClaimStatusEnum, description: "Where the claim stands", resolve: (claim) => claim.status }),
    photoUrls: t.stringList({
      description: "The shopper's photos: signed links that work for 15 minutes (private, like receipts)",
      resolve: async (claim, _args, ctx) => {
        const key = await receiptLinkKey(ctx.prisma, ctx.config.receiptLinkSecret);
        return claim.photoUrls.map((url) => signReceiptUrl(key, url));
      },
    }),
    decisionReason: t.exposeString("decisionReason", { nullable: true, description: "The shop's reason given with the decision" }),
    refundedAmount: t.field({
      type: "Money",
      nullable: true,
      description: "Refunded (or on its way); null when nothing was",
      select: REFUNDS,
      resolve: (claim) => {
        const counted = claim.refunds.filter((r) => r.status !== "failed");
        return counted.length ? counted.slice(1).reduce((sum, r) => sum.add(r.amount), counted[0]!.amount) : null;
      },
    }),
    refundStatus: t.field({
      type: RefundStatusEnum,
      nullable: true,
      description: "The last refund's state; null when none was asked",
      select: REFUNDS,
      resolve: (claim) => claim.refunds[claim.refunds.length - 1]?.status ?? null,
    }),
    restocked: t.boolean({ description: "The pieces were put back on sale from this claim", select: { restockedAt: true }, resolve: (claim) => claim.restockedAt !== null }),
    refundMethod: t.field({
      type: RefundMethodEnum,
      description: "How this claim's refund went out, or how one would (the refund form asks a transfer for its bank reference)",
      select: { orderId: true, status: true, ...REFUNDS },
      resolve: (claim, _args, ctx) => {
        const last = claim.refunds[claim.refunds.length - 1];
        // Decided with a refund: the method it went by. Open: the one a refund would take now.
        if (claim.status !== "open" && last) return last.method as "paystack" | "transfer";
        return refundMethodOf(ctx.prisma, claim.orderId, paymentProvider(ctx.config));
      },
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the claim was opened" }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true, description: "When it was decided; null while open" }),
    order: t.relation("order", { description: "The order claimed" }),
  }),
});

/** What the claim window needs of an order; an open claim closes the form until it is decided. */
// Scalars only: an order just placed (answered as written, decision 026) is never read back for
// these; its open claims are looked up only for an order that could be claimed at all.
const WINDOW_SELECT = { id: true, userId: true, shortOrderId: true, status: true } as const;
const hasOpenClaim = async (ctx: Context, orderId: string) => (await ctx.prisma.claim.count({ where: { orderId, status: "open" } })) > 0;

builder.prismaObjectFields("Order", (t) => ({
  claims: t.relation("claims", {
    description: "Claims on this order, newest first. Owner, staff and admins only; empty for anyone else.",
    query: { orderBy: { createdAt: "desc" } },
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => [] as never,
  }),
  claimReasons: t.field({
    type: [ClaimReasonEnum],
    description:
      "The reasons its owner may open a claim for now (openClaim): within CLAIM_HOURS of delivery any but not_received; a parcel still shipped 5 days after shipping, not_received. Empty outside the window, while a claim is open, and for anyone but the owner, staff and admins.",
    select: WINDOW_SELECT,
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => [],
    resolve: async (order, _args, ctx) => {
      const window = await orderClaimWindow(ctx.prisma, ctx.config, order);
      if (!window.until && !window.notReceivedFrom) return [];
      return (await hasOpenClaim(ctx, order.id)) ? [] : claimableReasons(window, new Date());
    },
  }),
  claimableUntil: t.field({
    type: "DateTime",
    nullable: true,
    description: "Until when a delivered order may be claimed (CLAIM_HOURS after delivery); null before delivery, once the time has passed, and for anyone but the owner, staff and admins",
    select: WINDOW_SELECT,
    authScopes: ownerOrStaff,
    unauthorizedResolver: () => null,
    resolve: async (order, _args, ctx) => {
      const { until } = await orderClaimWindow(ctx.prisma, ctx.config, order);
      return until && until.getTime() >= Date.now() ? until : null;
    },
  }),
}));

const OpenClaimInput = builder.inputType("OpenClaimInput", {
  description: "A claim on a delivered order, by its owner: signed in, or a guest with the order's phone number.",
  fields: (t) => ({
    reference: t.string({ required: true, description: "Short order id" }),
    phone: t.string({ required: false, description: "Guests: the phone number given at checkout" }),
    reason: t.field({ type: ClaimReasonEnum, required: true, description: "Why" }),
    message: t.string({ required: true, description: "What is wrong, at most 1,000 characters" }),
    photoUrls: t.stringList({ required: false, description: "Up to 4 photos from POST /api/uploads with purpose=claim" }),
  }),
});

const DecideClaimInput = builder.inputType("DecideClaimInput", {
  description: "The shop's decision on an open claim.",
  fields: (t) => ({
    claimId: t.id({ required: true, description: "Claim id (UUID)" }),
    decision: t.field({ type: ClaimDecisionEnum, required: true, description: "refund, exchange or decline" }),
    amount: t.string({ required: false, description: "Refunds: naira, typed like prices (e.g. 12,500); at most what was paid less earlier refunds; staff up to STAFF_REFUND_LIMIT on the order, earlier refunds counted" }),
    reason: t.string({ required: false, description: "Told to the shopper; required to decline" }),
    bankReference: t.string({ required: false, description: "Refunds of a bank-transfer payment: the reference of the transfer sent back" }),
  }),
});

/** The claim as the operation selected it (Pothos takes a prismaField's answer as read with its query). */
const asSelected = (ctx: Context, query: object, id: string) => ctx.prisma.claim.findUniqueOrThrow({ ...query, where: { id } });

builder.queryField("adminClaims", (t) =>
  t.prismaField({
    type: ["Claim"],
    description: "Claims, newest first (the last 200).",
    authScopes: { staff: true },
    resolve: (query, _root, _args, ctx) => listClaims(ctx.prisma, query),
  }),
);

builder.mutationFields((t) => ({
  openClaim: t.prismaField({
    type: "Claim",
    description: "Opens a claim within CLAIM_HOURS of delivery (public: the order's owner, or a guest with its phone number). Rate-limited for guests.",
    authScopes: { public: true },
    errors: { types: [ValidationError, NotFoundError, RateLimitError] },
    args: { input: t.arg({ type: OpenClaimInput, required: true, description: "The claim" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const claim = await openClaim(ctx.prisma, ctx.config, ctx.viewer, ctx.ip, { ...input, photoUrls: input.photoUrls ?? [] });
      grantOrderAccess(ctx, claim.orderId);
      return asSelected(ctx, query, claim.id);
    },
  }),
  decideClaim: t.withAuth({ staff: true }).prismaField({
    type: "Claim",
    description: "Refunds, exchanges or declines an open claim (staff: refunds up to STAFF_REFUND_LIMIT). The shopper is emailed; audited.",
    errors: { types: [ValidationError, NotFoundError] },
    args: { input: t.arg({ type: DecideClaimInput, required: true, description: "The decision" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const claim = await decideClaim(ctx.prisma, ctx.config, paymentProvider(ctx.config), { actor: actorOf(ctx.viewer), role: ctx.viewer.role }, { ...input, claimId: String(input.claimId) });
      return asSelected(ctx, query, claim.id);
    },
  }),
  restockClaim: t.withAuth({ staff: true }).prismaField({
    type: "Claim",
    description: "Puts the claimed order's pieces back on sale: an accepted or refunded claim's, once per order, never a cancelled order's (its pieces went back then); audited.",
    errors: { types: [ValidationError, NotFoundError] },
    args: { claimId: t.arg.id({ required: true, description: "Claim id (UUID)" }) },
    resolve: async (query, _root, { claimId }, ctx) => asSelected(ctx, query, (await restockClaim(ctx.prisma, actorOf(ctx.viewer), String(claimId))).id),
  }),
}));
