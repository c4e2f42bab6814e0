// Every admin query and mutation, enumerated from the schema itself, is refused to guests and
// customers and allowed to admins. A new field without an authScopes rule fails this test.
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { schema } from "../../server/src/graphql/schema.ts";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";

type Scopes = Record<string, unknown> | undefined;

function scopesOf(field: GraphQLField<unknown, unknown>): Scopes {
  const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
  const scopes = options?.authScopes;
  return scopes && typeof scopes === "object" ? (scopes as Record<string, unknown>) : undefined;
}

const rootFields = (["Query", "Mutation"] as const).flatMap((root) => {
  const type = root === "Query" ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(type.getFields()).map((field) => ({ root, field }));
});
const adminFields = rootFields.filter(({ field }) => scopesOf(field)?.admin === true);

const UUID = "00000000-0000-4000-8000-000000000000";

/** A value of the right shape for a required argument (the admin call may then fail validation, never authorization). */
function sampleValue(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleValue(inner.ofType as GraphQLInputType)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) value[field.name] = sampleValue(field.type);
    }
    return value;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case "ID":
        return UUID;
      case "Int":
        return 1;
      case "Float":
        return 1;
      case "Boolean":
        return false;
      case "Money":
        return "1.00";
      case "DateTime":
        return new Date().toISOString();
      default:
        return "x";
    }
  }
  throw new Error(`No sample for ${String(inner)}`);
}

function operationFor(root: "Query" | "Mutation", field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  const defs = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const args = required.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  const query = `${root === "Query" ? "query" : "mutation"}${defs ? `(${defs})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`;
  const variables = Object.fromEntries(required.map((arg) => [arg.name, sampleValue(arg.type)]));
  return { query, variables };
}

let t: TestStore;
let customer: GraphQLClient;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  customer = t.client();
  await customer.signUp("customer@example.com");
  admin = await t.admin();
});
afterAll(() => t?.close());

describe("authorization is declared on every field of the API", () => {
  it("every query and mutation declares authScopes (public, customer or admin)", () => {
    const missing = rootFields.filter(({ field }) => !scopesOf(field)).map(({ root, field }) => `${root}.${field.name}`);
    expect(missing).toEqual([]);
  });

  it("the schema has admin operations for products, orders, users, reviews, sections and emails", () => {
    const names = adminFields.map(({ field }) => field.name);
    for (const name of [
      "adminProducts", "createProduct", "updateProduct", "deleteProduct",
      "adminOrders", "updateOrderStatus", "deleteOrder",
      "adminUsers", "setUserAdmin",
      "adminReviews", "createReview", "updateReview", "deleteReview",
      "adminHomepageSections", "createHomepageSection", "updateHomepageSection", "deleteHomepageSection",
      "adminEmails", "retryEmail", "adminStats",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("admin operations are admin-only: no public or customer scope beside the admin one", () => {
    const loose = adminFields.filter(({ field }) => scopesOf(field)!.public || scopesOf(field)!.customer).map(({ field }) => field.name);
    expect(loose).toEqual([]);
  });
});

describe.each(adminFields.map(({ root, field }) => [`${root}.${field.name}`, root, field] as const))("%s", (_name, root, field) => {
  const { query, variables } = operationFor(root, field);

  it("is refused to a guest (please log in)", async () => {
    const res = await t.client().request(query, variables);
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(res.errors?.[0]?.message).toBe("Please log in to continue");
    expect(res.data?.[field.name as keyof typeof res.data] ?? null).toBeNull();
  });

  it("is refused to a signed-in customer", async () => {
    const res = await customer.request(query, variables);
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(res.errors?.[0]?.message).toBe("You are not allowed to do that");
  });

  it("is allowed to an admin", async () => {
    const res = await admin.request(query, variables);
    const codes = (res.errors ?? []).map((e) => e.extensions?.code);
    expect(codes).not.toContain("UNAUTHENTICATED");
    expect(codes).not.toContain("FORBIDDEN");
    expect(res.data).toBeTruthy();
  });
});
