// The one Pothos builder: plugins and typed settings only; types live in one file per domain.
import SchemaBuilder from "@pothos/core";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ComplexityPlugin from "@pothos/plugin-complexity";
import { GraphQLError } from "graphql";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import type { Context, SignedInContext } from "./context.ts";
import { environmentName } from "../config.ts";
import { isOrderOwner } from "../modules/orders/ownership.ts";
import { isStaffOrAdmin } from "../auth/viewer.ts";

/** Per operation, checked once before execution (operation-limits.ts) and again by the plugin per root field. */
export const COMPLEXITY_LIMITS = { complexity: 20_000, depth: 10, breadth: 200 } as const;

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    public: boolean;
    customer: boolean;
    /** Staff or admin: running the day (orders, payments queue, products, reviews, claims; decision 038). */
    staff: boolean;
    /** Admin only: figures, exports, users and roles, settings, codes, the audit log and the outboxes. */
    admin: boolean;
    /** The order's owner: by account, or proven in this request (guest token, reference + phone). */
    orderOwner: { id: string; userId: string | null };
  };
  // Fields behind these scopes get a context whose viewer is known (t.withAuth({ customer: true })).
  AuthContexts: { customer: SignedInContext; staff: SignedInContext; admin: SignedInContext };
  Scalars: {
    /** Naira amount as an exact decimal string, e.g. "12500.00". */
    Money: { Input: string; Output: string | { toFixed(digits: number): string } };
    DateTime: { Input: Date; Output: Date };
  };
  DefaultFieldNullability: false;
}>({
  // Scope-auth must be first so authorization runs before anything else.
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      customer: ctx.viewer !== null,
      staff: isStaffOrAdmin(ctx.viewer),
      admin: ctx.viewer?.role === "admin",
      // Evaluated per order object (and cached for it by the plugin for the request).
      orderOwner: (order) => isOrderOwner(ctx, order),
    }),
    unauthorizedError: (_parent, ctx) =>
      new GraphQLError(ctx.viewer ? "You are not allowed to do that" : "Please log in to continue", {
        extensions: { code: ctx.viewer ? "FORBIDDEN" : "UNAUTHENTICATED" },
      }),
  },
  errors: { defaultTypes: [] },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    // The schema is built as its modules load, before a Config exists: NODE_ENV is read through the
    // same rule. Off in production and tests, where the check would wrap every query for nothing.
    onUnusedQuery: environmentName() === "development" ? "warn" : null,
  },
  // No `limit` here: the plugin would measure the operation again inside every root field's
  // resolver. operation-limits.ts measures it once, before anything runs, against COMPLEXITY_LIMITS.
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
  },
});

builder.queryType({ description: "Reads. Each field says who may call it: public, signed-in shopper, order owner, staff or admin." });
builder.mutationType({ description: "Changes. A field returning a …Result union gives expected failures as typed errors (check __typename)." });

builder.scalarType("Money", {
  description: "Naira amount as an exact decimal string (two decimals), never a float.",
  serialize: (value) => (typeof value === "string" ? Number(value).toFixed(2) : value.toFixed(2)),
  parseValue: (value) => {
    const text = String(value).trim();
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) throw new GraphQLError("Amount must be a number of naira with at most two decimals");
    return text;
  },
});

builder.scalarType("DateTime", {
  description: "An instant as an ISO 8601 string in UTC, e.g. 2026-01-31T09:30:00.000Z.",
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    // Years outside 1–9999 are typos or probes; the database cannot store some of them.
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw new GraphQLError("Invalid date");
    return date;
  },
});
