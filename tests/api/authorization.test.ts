// The role matrix (decision 038): every staff or admin query and mutation, enumerated from the
// schema itself, is refused to guests and customers, allowed to admins, and allowed to staff only
// when it is on the STAFF_MAY list. A new field without an authScopes rule, or a team operation on
// neither list, fails this test. The HTTP routes of the admin (CSV exports, import) are walked too.
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
/** Operations of the shop's team: staff may use these (and admins everything below). */
const teamFields = rootFields.filter(({ field }) => scopesOf(field)?.staff === true || scopesOf(field)?.admin === true);

/**
 * Decision 038, one line per operation. A new team operation fails the classification test until
 * it is put in one list or the other here AND declared the same way on its field.
 */
const STAFF_MAY = [
  // orders: see and work them
  "adminOrders", "updateOrderStatus", "createManualOrder", "earlierCustomer",
  // the payments queue
  "paymentsQueue", "awaitingTransferOrders", "paymentCounts", "markOrderPaid", "rejectPayment",
  // products, their images and stock
  "adminProducts", "createProduct", "updateProduct",
  // reviews
  "adminReviews", "createReview", "updateReview", "deleteReview",
  // claims (refunds above STAFF_REFUND_LIMIT are refused by the service)
  "adminClaims", "decideClaim", "restockClaim",
];
const ADMIN_ONLY = [
  // figures and counts that include users and the outbox
  "ownerFigures", "adminStats",
  // users and roles
  "adminUsers", "setUserRole",
  // settings: delivery fees, homepage sections
  "updateDeliveryFees", "adminHomepageSections", "createHomepageSection", "updateHomepageSection", "deleteHomepageSection",
  // the audit log and the email outbox
  "auditLog", "auditActions", "orderAuditTimeline", "adminEmails", "adminMailDelivery", "retryEmail",
  // the messages outbox (WhatsApp, SMS)
  "adminMessages", "adminMessageDelivery", "retryMessage",
  // discount codes
  "adminDiscountCodes", "createDiscountCode", "updateDiscountCode",
  // deleting what staff may only edit, and money that needs the owner's decision
  "deleteOrder", "deleteProduct", "unmatchedPayments",
];

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
let staff: GraphQLClient;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  customer = t.client();
  await customer.signUp("customer@example.com");
  staff = t.client();
  await staff.signUp("staff@example.com");
  const staffUser = await t.prisma.user.findUniqueOrThrow({ where: { email: "staff@example.com" } });
  admin = await t.admin();
  const set = await admin.data(`mutation($id: ID!) { setUserRole(userId: $id, role: staff) { __typename } }`, { id: staffUser.id });
  expect(set.setUserRole.__typename).toBe("MutationSetUserRoleSuccess");
});
afterAll(() => t?.close());

describe("authorization is declared on every field of the API", () => {
  it("every query and mutation declares authScopes (public, customer, staff or admin)", () => {
    const missing = rootFields.filter(({ field }) => !scopesOf(field)).map(({ root, field }) => `${root}.${field.name}`);
    expect(missing).toEqual([]);
  });

  it("every team operation is classified, and declared as classified: staff on the STAFF_MAY list, admin on ADMIN_ONLY", () => {
    const declaredStaff = teamFields.filter(({ field }) => scopesOf(field)!.staff === true).map(({ field }) => field.name);
    const declaredAdmin = teamFields.filter(({ field }) => scopesOf(field)!.staff !== true).map(({ field }) => field.name);
    expect(declaredStaff.sort()).toEqual([...STAFF_MAY].sort());
    expect(declaredAdmin.sort()).toEqual([...ADMIN_ONLY].sort());
  });

  it("team operations are team-only: no public or customer scope beside the staff or admin one", () => {
    const loose = teamFields.filter(({ field }) => scopesOf(field)!.public || scopesOf(field)!.customer).map(({ field }) => field.name);
    expect(loose).toEqual([]);
  });
});

describe.each(teamFields.map(({ root, field }) => [`${root}.${field.name}`, root, field] as const))("%s", (name, root, field) => {
  const { query, variables } = operationFor(root, field);
  const staffMay = STAFF_MAY.includes(field.name);

  it("is refused to a guest (please log in) and to a signed-in customer", async () => {
    const guest = await t.client().request(query, variables);
    expect(guest.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(guest.errors?.[0]?.message).toBe("Please log in to continue");
    expect(guest.data?.[field.name as keyof typeof guest.data] ?? null).toBeNull();
    const shopper = await customer.request(query, variables);
    expect(shopper.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(shopper.errors?.[0]?.message).toBe("You are not allowed to do that");
  });

  it(`is ${staffMay ? "allowed" : "refused"} to staff and allowed to an admin`, async () => {
    const asStaff = await staff.request(query, variables);
    const staffCodes = (asStaff.errors ?? []).map((e) => e.extensions?.code);
    if (staffMay) {
      expect(staffCodes).not.toContain("FORBIDDEN");
      expect(asStaff.data).toBeTruthy();
    } else {
      expect([name, staffCodes[0]]).toEqual([name, "FORBIDDEN"]);
    }
    const asAdmin = await admin.request(query, variables);
    const codes = (asAdmin.errors ?? []).map((e) => e.extensions?.code);
    expect(codes).not.toContain("UNAUTHENTICATED");
    expect(codes).not.toContain("FORBIDDEN");
    expect(asAdmin.data).toBeTruthy();
  });
});

describe("the admin's HTTP routes", () => {
  const cookieOf = (client: GraphQLClient) => ({ cookie: client.cookie ?? "" });
  it.each(["/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-27", "/api/admin/exports/products.csv?from=2026-11-01&to=2026-11-27"])("%s: staff get 403, admins the file", async (route) => {
    expect((await fetch(`${t.url}${route}`, { headers: cookieOf(staff) })).status).toBe(403);
    expect((await fetch(`${t.url}${route}`, { headers: cookieOf(customer) })).status).toBe(403);
    expect((await fetch(`${t.url}${route}`)).status).toBe(401);
    expect((await fetch(`${t.url}${route}`, { headers: cookieOf(admin) })).status).toBe(200);
  });

  it("the product import answers staff 403", async () => {
    const res = await fetch(`${t.url}/api/admin/imports/products?dryRun=true`, { method: "POST", headers: { ...cookieOf(staff), "content-type": "text/csv" }, body: "name\n" });
    expect(res.status).toBe(403);
  });
});

describe("what staff change is audited with their name", () => {
  it("a product staff list is recorded against the staff account", async () => {
    const category = await t.prisma.category.create({ data: { name: "Ladies - Tops", slug: "ladies-tops", main: "Ladies" } });
    const created = await staff.data(
      `mutation($input: AdminProductInput!) { createProduct(input: $input) { __typename ... on Error { message } ... on MutationCreateProductSuccess { data { id } } } }`,
      { input: { name: "Ankara top", price: "5000", categoryId: category.id, stock: 1 } },
    );
    expect(created.createProduct.__typename).toBe("MutationCreateProductSuccess");
    const entry = await t.prisma.auditEntry.findFirstOrThrow({ where: { entityId: created.createProduct.data.id } });
    const staffUser = await t.prisma.user.findUniqueOrThrow({ where: { email: "staff@example.com" } });
    expect(entry).toMatchObject({ actorId: staffUser.id, actorLabel: "staff@example.com" });
  });
});
