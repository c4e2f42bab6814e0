// Property-based: thousands of generated inputs (hostile text, wrong types, nested garbage) at every
// query and mutation that takes arguments, discovered by walking the schema. Never an
// INTERNAL_SERVER_ERROR or HTTP 5xx; a rejected call changes no row of the store's tables.
import fc from "fast-check";
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
import { createTestOrder } from "../helpers/orders.ts";

// Bounded so each database's run stays well under a minute on a loaded 2-core machine.
const RUNS_PER_FIELD = process.env.TEST_DB === "embedded" ? 12 : 25;

type Scopes = { public?: boolean; customer?: boolean; admin?: boolean };
const scopesOf = (field: GraphQLField<unknown, unknown>) =>
  ((field.extensions as { pothosOptions?: { authScopes?: Scopes } }).pothosOptions?.authScopes ?? {}) as Scopes;

const fields = (["Query", "Mutation"] as const).flatMap((root) => {
  const type = root === "Query" ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(type.getFields())
    .filter((field) => field.args.length > 0)
    .map((field) => ({ root, field }));
});

const HOSTILE = [
  "\u0000", "a\u0000b", "Ada\u0000Obi", "\uD800", "x\uDFFFy", "\uDBFF\uDBFF", "\u001B[31mred", "\u0007bell", "\u007F",
  "line\nbreak", "tab\there", "'; DROP TABLE users; --", "<script>alert(1)</script>", "%00", "\\u0000", "0", "-1", "",
  " ", "00000000-0000-4000-8000-000000000000", "not-a-uuid", "ZZZZZZZZ", "0803 123 4567", "a@b.ng", "1e309", "NaN",
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom("\u0000", "\uD83D", "\u0001")).map(([a, b]) => a + b + a) },
  { weight: 1, arbitrary: fc.integer({ min: 20_001, max: 30_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 6_000 }).map((n) => "é".repeat(n)) },
);
/** Values that pass each field's own validation, so a hostile character reaches the service and the database. */
const known = { productId: "", orderId: "", reference: "", slug: "" };
function plausible(name: string, typeName: string): string {
  const byName: Record<string, string> = {
    email: "ada@example.ng", phone: "08031234567", fullName: "Ada Obi", name: "Ada Obi", customerName: "Ada Obi",
    address: "12 Allen Avenue, Ikeja", deliveryMethod: "pickup", password: "mango bicycle Lekki", confirmPassword: "mango bicycle Lekki",
    reference: known.reference, slug: known.slug, search: "shirt", description: "Nice ankara shirt", title: "New in", reason: "Wrong amount",
    senderName: "Ada Obi", senderBank: "GTBank", bankReference: "TRF123", size: "M", action: "order.status", comment: "Lovely",
    idempotencyKey: "fuzz-key", guestToken: "token", avatarUrl: "/uploads/a.png", imageUrl: "/uploads/a.png", fileUrl: "/uploads/a.png",
  };
  if (byName[name] !== undefined) return byName[name]!;
  if (typeName === "ID") return /order/i.test(name) ? known.orderId : known.productId;
  return "text";
}
const INJECT = ["\u0000", "\uD800", "\uDC00", "\u0001", "\u001B", "\u000B"];
function nearlyValid(name: string, typeName: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(null).map(() => plausible(name, typeName)),
    fc.tuple(fc.constantFrom(...INJECT), fc.nat()).map(([bad, at]) => {
      const base = plausible(name, typeName);
      const i = base.length ? at % base.length : 0;
      return base.slice(0, i) + bad + base.slice(i);
    }),
  );
}

const garbage = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), text, fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 2 }));

/** Mostly well-typed values with hostile content; sometimes the wrong type altogether. */
function valueFor(type: GraphQLInputType, depth = 0, name = ""): fc.Arbitrary<unknown> {
  const inner = getNullableType(type) as GraphQLInputType;
  let typed: fc.Arbitrary<unknown>;
  if (isListType(inner)) typed = fc.array(valueFor(inner.ofType as GraphQLInputType, depth + 1, name), { maxLength: depth > 1 ? 2 : 4 });
  else if (isEnumType(inner)) typed = fc.constantFrom(...inner.getValues().map((v) => v.name));
  else if (isInputObjectType(inner)) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of Object.values(inner.getFields())) shape[f.name] = valueFor(f.type, depth + 1, f.name);
    typed = fc.record(shape, { requiredKeys: Object.values(inner.getFields()).filter((f) => isNonNullType(f.type)).map((f) => f.name) });
  } else if (isScalarType(inner)) {
    typed =
      inner.name === "Int" ? fc.oneof(fc.integer({ min: -5, max: 20 }), fc.integer())
      : inner.name === "Float" ? fc.double()
      : inner.name === "Boolean" ? fc.boolean()
      : inner.name === "Money" ? fc.oneof(fc.constantFrom("1.00", "0", "15000.00", "-1", "1e9"), text)
      : inner.name === "DateTime" ? fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), text)
      : fc.oneof(text, nearlyValid(name, inner.name));
  } else throw new Error(`No generator for ${String(inner)}`);
  const maybeNull = isNonNullType(type) ? typed : fc.oneof(typed, fc.constant(null));
  return fc.oneof({ weight: 9, arbitrary: maybeNull }, { weight: 1, arbitrary: garbage });
}

/** Every field plausible (so validation passes and the text reaches the database), strings sometimes poisoned. */
function plausibleFor(type: GraphQLInputType, name = ""): fc.Arbitrary<unknown> {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return fc.array(plausibleFor(inner.ofType as GraphQLInputType, name), { minLength: 1, maxLength: 2 });
  if (isEnumType(inner)) return fc.constantFrom(...inner.getValues().map((v) => v.name));
  if (isInputObjectType(inner)) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of Object.values(inner.getFields())) shape[f.name] = plausibleFor(f.type, f.name);
    return fc.record(shape);
  }
  if (isScalarType(inner)) {
    if (inner.name === "Int" || inner.name === "Float") return fc.integer({ min: 1, max: 3 });
    if (inner.name === "Boolean") return fc.boolean();
    if (inner.name === "Money") return fc.constant("1500.00");
    if (inner.name === "DateTime") return fc.constant(new Date().toISOString());
    return nearlyValid(name, inner.name);
  }
  throw new Error(`No generator for ${String(inner)}`);
}

/** The operation with every argument as a variable, or (for string arguments) sometimes inline. */
function callFor(root: "Query" | "Mutation", field: GraphQLField<unknown, unknown>) {
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  const args = fc.oneof(
    fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, valueFor(arg.type, 0, arg.name)]))),
    fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, plausibleFor(arg.type, arg.name)]))),
  ) as fc.Arbitrary<Record<string, unknown>>;
  return fc.tuple(args, fc.boolean()).map(([values, inline]) => {
    const literal = (name: string) => inline && typeof values[name] === "string" && getNamedType(field.args.find((a) => a.name === name)!.type).name === "String";
    const asVariables = field.args.filter((arg) => !literal(arg.name));
    const defs = asVariables.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
    const argText = field.args.map((arg) => `${arg.name}: ${literal(arg.name) ? JSON.stringify(values[arg.name]) : `$${arg.name}`}`).join(", ");
    const query = `${root === "Query" ? "query" : "mutation"}${defs ? `(${defs})` : ""} { result: ${field.name}(${argText})${selection} }`;
    return { query, variables: Object.fromEntries(asVariables.map((arg) => [arg.name, values[arg.name]])) };
  });
}

const TABLES = ["users", "profiles", "user_roles", "categories", "products", "cart_items", "saved_items", "orders", "order_items", "payment_receipts", "customer_reviews", "homepage_sections", "email_outbox"];

let t: TestStore;
let guest: GraphQLClient;
let customer: GraphQLClient;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  const order = await createTestOrder(t.prisma);
  const product = await t.prisma.product.findUniqueOrThrow({ where: { id: order.items[0]!.productId! } });
  Object.assign(known, { productId: product.id, orderId: order.id, reference: order.shortOrderId, slug: product.slug });
  guest = t.client();
  customer = t.client();
  await customer.signUp("fuzz-customer@example.ng");
  admin = await t.admin();
});
afterAll(() => t?.close());

async function rowCounts(): Promise<Record<string, number>> {
  const rows = await t.prisma.$queryRawUnsafe<Record<string, bigint>[]>(`SELECT ${TABLES.map((name) => `(SELECT count(*) FROM ${name}) AS ${name}`).join(", ")}`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

describe("one input boundary: generated hostile input at every operation", () => {
  it.each(fields.map(({ root, field }) => [`${root}.${field.name}`, root, field] as const))("%s", async (_name, root, field) => {
    const scopes = scopesOf(field);
    // Each call as a viewer allowed to make it, so the input reaches the service.
    const client = scopes.admin ? admin : scopes.customer ? customer : guest;
    await fc.assert(
      fc.asyncProperty(callFor(root, field), async ({ query, variables }) => {
        await t.prisma.rateLimit.deleteMany();
        const before = await rowCounts();
        const res = await client.request(query, variables);
        expect(client.lastStatus).toBeLessThan(500);
        const codes = (res.errors ?? []).map((e) => e.extensions?.code);
        expect(codes).not.toContain("INTERNAL_SERVER_ERROR");
        const result = (res.data as { result?: { __typename?: string } } | undefined)?.result;
        const rejected = (res.errors?.length ?? 0) > 0 || /Error$/.test(result?.__typename ?? "");
        if (rejected) expect(await rowCounts()).toEqual(before);
      }),
      { numRuns: RUNS_PER_FIELD, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000), endOnFailure: true },
    );
  });
});

describe("the boundary's answers", () => {
  const TRACK = `query($r: String!) { trackOrder(reference: $r) { id } }`;
  const REFUSED = { message: "Some text contains characters we cannot accept. Please remove them and try again.", extensions: { code: "BAD_USER_INPUT" } };
  it.each([
    ["NUL", "AB\u0000CD"],
    ["a lone surrogate", "AB\uD800CD"],
    ["an escape character", "\u001B[2J"],
  ])("%s in a variable is BAD_USER_INPUT with a message a shopper understands", async (_label, value) => {
    expect((await guest.request(TRACK, { r: value })).errors).toEqual([REFUSED]);
    expect(guest.lastStatus).toBe(400);
  });

  it("the same in an inline literal; a lone surrogate escape there is already a syntax error", async () => {
    for (const value of ["AB\u0000CD", "\u001B[2J"]) {
      expect((await guest.request(`{ trackOrder(reference: ${JSON.stringify(value)}) { id } }`)).errors).toEqual([REFUSED]);
      expect(guest.lastStatus).toBe(400);
    }
    const surrogate = await guest.request(`{ trackOrder(reference: "AB\\uD800CD") { id } }`);
    expect(surrogate.errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    expect(guest.lastStatus).toBe(400);
  });

  it("a document of two operations without a name to choose one is a 400 with GraphQL's reason, not a 500", async () => {
    const res = await guest.request(`query A { __typename } mutation B { __typename }`);
    expect(res.errors?.map((e) => e.message)).toEqual(["Must provide operation name if query contains multiple operations."]);
    expect(guest.lastStatus).toBe(400);
  });

  it("NUL deep inside an input object (checkout) is refused before anything is written", async () => {
    const before = await rowCounts();
    const res = await guest.request(`mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename } }`, {
      input: { fullName: "Ada\u0000Obi", email: "ada@example.ng", phone: "08031234567", deliveryMethod: "pickup", idempotencyKey: "k-1", items: [] },
    });
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await rowCounts()).toEqual(before);
  });

  it("text over 20,000 characters is refused; multi-line text with tabs is accepted", async () => {
    const long = await guest.request(TRACK, { r: "A".repeat(20_001) });
    expect(long.errors?.[0]).toEqual({ message: "Some text is too long (at most 20,000 characters). Please shorten it and try again.", extensions: { code: "BAD_USER_INPUT" } });
    const multiLine = await customer.request(`mutation($input: ProfileInput!) { updateProfile(input: $input) { __typename } }`, {
      input: { fullName: "Ada Obi", address: "12 Allen Avenue\nIkeja,\tLagos" },
    });
    expect(multiLine.errors).toBeUndefined();
  });
});
