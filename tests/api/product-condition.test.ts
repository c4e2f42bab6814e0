// Condition and fit (issue 15): the grade from the fixed scale, flaws, measurements in centimetres
// and bale details, written by admins through the one product rule (common/product-validation.ts)
// and read by everyone; the listing filters by grade on the server.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
let balesId: string;
let topsId: string;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
  balesId = (await t.prisma.category.create({ data: { name: "Bales", slug: "bales", main: "Bales" } })).id;
  topsId = (await t.prisma.category.create({ data: { name: "Ladies - Tops", slug: "ladies-tops", main: "Ladies" } })).id;
});
afterAll(() => t?.close());

const FIELDS = `id condition flawNotes flawPhotoUrls
  measurements { pitToPit length shoulder sleeve waist hips inseam }
  bale { pieces weightKg grade mix }`;
const CREATE = `mutation($input: AdminProductInput!) {
  createProduct(input: $input) {
    __typename
    ... on ValidationError { message field }
    ... on MutationCreateProductSuccess { data { ${FIELDS} } }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: AdminProductInput!) {
  updateProduct(id: $id, input: $input) {
    __typename
    ... on ValidationError { message field }
    ... on MutationUpdateProductSuccess { data { ${FIELDS} } }
  }
}`;
const PRODUCT = `query($slug: String!) { product(slug: $slug) { ${FIELDS} } }`;
const LIST = `query($filter: ProductFilter) { products(filter: $filter, limit: 48) { totalCount items { name condition } } }`;
const LABELS = `query($filter: ProductFilter) { products(filter: $filter, limit: 48) { items { condition conditionLabel } } }`;

const base = { price: "9,500", stock: 1 };

describe("an admin grades and measures a product; everyone reads it", () => {
  it("stores the grade, flaws, measurements (one decimal) and returns them to a guest", async () => {
    const res = await admin.data(CREATE, {
      input: {
        ...base,
        name: "Striped Linen Shirt",
        categoryId: topsId,
        condition: "good",
        flawNotes: "Small mark on the left cuff",
        flawPhotoUrls: ["/uploads/product-images/flaw-cuff.webp"],
        measurements: { pitToPit: 52, length: 71.5, sleeve: 60 },
      },
    });
    expect(res.createProduct.__typename).toBe("MutationCreateProductSuccess");
    const row = await t.prisma.product.findUniqueOrThrow({ where: { id: res.createProduct.data.id } });
    expect(row.condition).toBe("good");
    expect(row.pitToPitCm?.toFixed(1)).toBe("52.0");
    expect(row.lengthCm?.toFixed(1)).toBe("71.5");
    const guest = await t.client().data(PRODUCT, { slug: row.slug });
    expect(guest.product).toEqual({
      id: row.id,
      condition: "good",
      flawNotes: "Small mark on the left cuff",
      flawPhotoUrls: ["/uploads/product-images/flaw-cuff.webp"],
      measurements: { pitToPit: 52, length: 71.5, shoulder: null, sleeve: 60, waist: null, hips: null, inseam: null },
      bale: null,
    });
  });

  it("a product without measurements or grade answers null for them (listed before grading)", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const guest = await t.client().data(PRODUCT, { slug: product.slug });
    expect(guest.product).toMatchObject({ condition: null, flawNotes: null, flawPhotoUrls: [], measurements: null, bale: null });
  });

  it("a grade outside the scale is refused by the schema and nothing is created", async () => {
    const before = await t.prisma.product.count();
    const res = await admin.request(CREATE, { input: { ...base, name: "Mint Blouse", condition: "mint" } });
    expect(res.errors?.[0]?.message).toMatch(/ProductCondition/);
    expect(await t.prisma.product.count()).toBe(before);
  });

  it.each([
    [{ pitToPit: -52 }, "pitToPit", "Pit to pit must be centimetres between 1 and 250, e.g. 52 or 52.5"],
    [{ length: 0 }, "length", "Length must be centimetres between 1 and 250, e.g. 52 or 52.5"],
    [{ inseam: 900 }, "inseam", "Inseam must be centimetres between 1 and 250, e.g. 52 or 52.5"],
    [{ waist: 40.25 }, "waist", "Waist (flat) may have one decimal at most, e.g. 52.5"],
  ])("measurements %j are refused with a clear message and change nothing", async (measurements, field, message) => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    await t.prisma.product.update({ where: { id: product.id }, data: { condition: "fair", pitToPitCm: 50 } });
    const res = await admin.data(UPDATE, { id: product.id, input: { ...base, name: product.name, condition: "like_new", measurements } });
    expect(res.updateProduct).toEqual({ __typename: "ValidationError", field, message });
    const row = await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.condition).toBe("fair");
    expect(row.pitToPitCm?.toFixed(1)).toBe("50.0");
    expect(row.price.toFixed(2)).toBe("5000.00");
  });

  it("bale details are kept for a bale and refused for anything else", async () => {
    const bale = { pieces: 120, weightKg: 45.5, grade: "Grade A", mix: "ladies' tops, summer" };
    const ok = await admin.data(CREATE, { input: { ...base, name: "Ladies Tops Bale", categoryId: balesId, condition: "good", bale } });
    expect(ok.createProduct.data.bale).toEqual(bale);
    const before = await t.prisma.product.count();
    const refused = await admin.data(CREATE, { input: { ...base, name: "Not A Bale", categoryId: topsId, bale: { pieces: 10 } } });
    expect(refused.createProduct).toEqual({ __typename: "ValidationError", field: "balePieces", message: "Bale details are only for products in the Bales category" });
    const badWeight = await admin.data(CREATE, { input: { ...base, name: "Heavy Bale", categoryId: balesId, bale: { weightKg: -3 } } });
    expect(badWeight.createProduct.field).toBe("baleWeightKg");
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("only admins write grades and measurements: a guest and a customer are refused and nothing changes", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const customer = t.client();
    await customer.signUp("grader@example.com");
    for (const client of [t.client(), customer]) {
      const res = await client.request(UPDATE, { id: product.id, input: { ...base, name: product.name, condition: "new_with_tags", measurements: { length: 70 } } });
      expect(res.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    const row = await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.condition).toBeNull();
    expect(row.lengthCm).toBeNull();
  });
});

describe("the listing filters by condition on the server", () => {
  beforeAll(async () => {
    await t.prisma.product.deleteMany({});
    const grades = ["new_with_tags", "like_new", "like_new", "good", "fair", null] as const;
    for (const [i, condition] of grades.entries()) {
      const product = await makeProduct(t.prisma, { name: `Graded ${i} Ankara Top`, price: "5000", stock: 5 });
      await t.prisma.product.update({ where: { id: product.id }, data: { condition } });
    }
  });

  it("lists only the grade asked for, with its total", async () => {
    const res = await t.client().data(LIST, { filter: { condition: "like_new" } });
    expect(res.products.totalCount).toBe(2);
    expect(res.products.items.map((p: { condition: string }) => p.condition)).toEqual(["like_new", "like_new"]);
    const all = await t.client().data(LIST, {});
    expect(all.products.totalCount).toBe(6);
  });

  it("every listed product carries its grade's name for the cards (null when ungraded)", async () => {
    const res = await t.client().data(LABELS, {});
    const pairs = new Map(res.products.items.map((p: { condition: string | null; conditionLabel: string | null }) => [p.condition, p.conditionLabel]));
    expect(Object.fromEntries(pairs)).toEqual({ new_with_tags: "New with tags", like_new: "Like new", good: "Good", fair: "Fair", null: null });
  });

  it("combines with a search (the search lists ids in SQL)", async () => {
    const res = await t.client().data(LIST, { filter: { condition: "fair", search: "ankara" } });
    expect(res.products.totalCount).toBe(1);
    expect(res.products.items).toEqual([{ name: "Graded 4 Ankara Top", condition: "fair" }]);
  });

  it("a cached listing changes when an admin regrades a product", async () => {
    const guest = t.client();
    expect((await guest.data(LIST, { filter: { condition: "good" } })).products.totalCount).toBe(1);
    const fair = await t.prisma.product.findFirstOrThrow({ where: { condition: "fair" } });
    const res = await admin.data(UPDATE, { id: fair.id, input: { ...base, name: fair.name, condition: "good" } });
    expect(res.updateProduct.data.condition).toBe("good");
    expect((await guest.data(LIST, { filter: { condition: "good" } })).products.totalCount).toBe(2);
  });
});

describe("the owner's CSV carries the grade and measurements", () => {
  const postCsv = (csv: string, dryRun: boolean) =>
    fetch(`${t.url}/api/admin/imports/products?dryRun=${dryRun}`, { method: "POST", headers: { "content-type": "text/csv", cookie: admin.cookie! }, body: csv });

  it("imports an optional condition (label or key) and measurements; a bad one is reported on its line and nothing is kept", async () => {
    const bad = ["name,category,price,stock,condition,pit to pit,length", "Csv1 Shirt,ladies-tops,5000,1,Like new,52,70", "Csv1 Top,ladies-tops,5000,1,mint,-4,"].join("\n");
    const report = await (await postCsv(bad, false)).json();
    expect(report.imported).toBe(0);
    expect(report.problems).toEqual([
      { line: 3, reason: 'Unknown condition "mint": use New with tags, Like new, Good, Fair or leave it empty' },
      { line: 3, reason: "Pit to pit must be centimetres between 1 and 250, e.g. 52 or 52.5" },
    ]);
    expect(await t.prisma.product.count({ where: { name: { startsWith: "Csv1" } } })).toBe(0);

    const good = ["name,category,price,stock,condition,pit to pit,length", "Csv2 Shirt,ladies-tops,5000,1,Like new,52,70.5", "Csv2 Top,ladies-tops,5000,1,fair,,", "Csv2 Vest,ladies-tops,5000,1,,,"].join("\n");
    expect((await (await postCsv(good, false)).json()).imported).toBe(3);
    const rows = await t.prisma.product.findMany({ where: { name: { startsWith: "Csv2" } }, orderBy: { name: "asc" } });
    expect(rows.map((r) => [r.name, r.condition, r.pitToPitCm?.toFixed(1) ?? null, r.lengthCm?.toFixed(1) ?? null])).toEqual([
      ["Csv2 Shirt", "like_new", "52.0", "70.5"],
      ["Csv2 Top", "fair", null, null],
      ["Csv2 Vest", null, null, null],
    ]);
  });

  it("the product export has condition and measurement columns, which import again", async () => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const res = await fetch(`${t.url}/api/admin/exports/products.csv?from=${today}&to=${today}`, { headers: { cookie: admin.cookie! } });
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trim().split("\r\n");
    const columns = header!.split(",");
    expect(columns.slice(8, 17)).toEqual(["condition", "flawNotes", "pitToPit (cm)", "length (cm)", "shoulder (cm)", "sleeve (cm)", "waist (cm)", "hips (cm)", "inseam (cm)"]);
    const shirt = lines.find((l) => l.startsWith("Csv2 Shirt"))!.split(",");
    expect([shirt[columns.indexOf("condition")], shirt[columns.indexOf("pitToPit (cm)")], shirt[columns.indexOf("length (cm)")]]).toEqual(["Like new", "52.0", "70.5"]);
  });
});
