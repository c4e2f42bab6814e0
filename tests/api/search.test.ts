// Storefront search by words (issue: "ankara gown" missed "Ankara Mermaid Evening Gown", "levis"
// found nothing): every word in any order, accents and apostrophes ignored, small typos forgiven,
// best matches first, and the plan uses the trigram index.
import { searchPageSql } from "../../server/src/modules/catalog/product-search.ts";
import { searchTerms } from "../../server/src/modules/catalog/catalog.service.ts";
import pg from "pg";
import { ADMIN_DATABASE_URL, testDbMode } from "../helpers/databases.ts";
import { startTestStore, type TestStore } from "../helpers/store.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  let day = 0;
  // Written straight to the database: the search column is the database's own work.
  for (const p of [
    { name: "Ankara Mermaid Evening Gown", description: "Floor-length gown in bold wax print.", price: 18000, originalPrice: 25000 },
    { name: "Levi's 501 Straight Jeans", description: "Original 501s, mid blue.", price: 9000 },
    { name: "Gèlè Head Tie", description: "Stiff aso-oke head tie for owambe.", price: 6000 },
    { name: "Plain Midi Gown", description: "Cotton gown with a small ankara trim at the hem.", price: 7000 },
    { name: "Ankara Fabric Bale", description: "Six yards of wax print.", price: 30000 },
    { name: "Brown Leather Jacket", description: "Soft leather, zip front.", price: 15000 },
  ]) {
    await t.prisma.product.create({
      data: { ...p, slug: p.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), stock: 2, createdAt: new Date(Date.UTC(2026, 0, 1 + day++)) },
    });
  }
});
afterAll(() => t?.close());

const SEARCH = `query($filter: ProductFilter, $sort: ProductSort) {
  products(filter: $filter, sort: $sort, limit: 48) { totalCount items { name } }
}`;

async function search(text: string, extra: Record<string, unknown> = {}, sort?: string) {
  const { products } = await t.client().data(SEARCH, { filter: { search: text, ...extra }, sort });
  expect(products.totalCount).toBe(products.items.length);
  return products.items.map((p: { name: string }) => p.name);
}

describe("search by words", () => {
  it('"ankara gown" finds "Ankara Mermaid Evening Gown": every word, in any order', async () => {
    expect(await search("ankara gown")).toEqual(["Ankara Mermaid Evening Gown", "Plain Midi Gown"]);
    expect(await search("Gown  ANKARA")).toEqual(["Ankara Mermaid Evening Gown", "Plain Midi Gown"]);
    // Every word must be there: the bale has no gown, the leather jacket no ankara.
    expect(await search("ankara gown")).not.toContain("Ankara Fabric Bale");
  });

  it('"levis" and "levi\'s" find "Levi\'s 501": apostrophes are ignored', async () => {
    expect(await search("levis")).toEqual(["Levi's 501 Straight Jeans"]);
    expect(await search("Levi’s 501")).toEqual(["Levi's 501 Straight Jeans"]);
    expect(await search("levi's")).toEqual(["Levi's 501 Straight Jeans"]);
  });

  it('accents are ignored both ways: "gele" finds "Gèlè", "gèlè" too', async () => {
    expect(await search("gele")).toEqual(["Gèlè Head Tie"]);
    expect(await search("GÈLÈ head")).toEqual(["Gèlè Head Tie"]);
  });

  it('a small typo is forgiven: "ankra" finds what "ankara" finds, best first, and "gown" does not find "brown"', async () => {
    // Read as the names' nearest word (issue 26): found where "ankara" is, descriptions included.
    expect(await search("ankra")).toEqual(await search("ankara"));
    expect((await search("ankra")).slice(0, 2).sort()).toEqual(["Ankara Fabric Bale", "Ankara Mermaid Evening Gown"]);
    expect(await search("ankra gown")).toEqual(["Ankara Mermaid Evening Gown", "Plain Midi Gown"]);
    // Not so forgiving that "gown" finds "brown".
    expect(await search("gown")).not.toContain("Brown Leather Jacket");
  });

  it("best matches first: a word in the name ranks above the same word in the description, whatever the dates", async () => {
    // The plain gown is newer, but "ankara" is only in its description.
    expect((await search("ankara"))[2]).toBe("Plain Midi Gown");
    expect(await search("gown ankara")).toEqual(["Ankara Mermaid Evening Gown", "Plain Midi Gown"]);
    // An explicit sort still wins over relevance.
    expect(await search("ankara gown", {}, "PRICE_ASC")).toEqual(["Plain Midi Gown", "Ankara Mermaid Evening Gown"]);
  });

  it('a word found as written is not also matched by similar names: "shirt" finds the shirt, not the skirt; "shirts" still finds the shirt', async () => {
    for (const name of ["Striped Cotton Shirt", "Pleated Cotton Skirt"]) {
      await t.prisma.product.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), price: 5000, stock: 1 } });
    }
    expect(await search("shirt")).toEqual(["Striped Cotton Shirt"]);
    expect(await search("skirt cotton")).toEqual(["Pleated Cotton Skirt"]);
    // Found nowhere as written: matched as a typo, against the names.
    expect(await search("shirts")).toEqual(["Striped Cotton Shirt"]);
  });

  it("a search answers every field of its products as the product page does (its page is read in SQL)", async () => {
    const FIELDS = `id name slug price originalPrice percentOff imageUrl galleryUrls size stock onHold description createdAt`;
    const { products } = await t.client().data(`query($filter: ProductFilter) { products(filter: $filter) { items { ${FIELDS} } } }`, {
      filter: { search: "ankara" },
    });
    expect(products.items.length).toBe(3);
    for (const item of products.items) {
      const { product } = await t.client().data(`query($slug: String!) { product(slug: $slug) { ${FIELDS} } }`, { slug: item.slug });
      expect(item).toEqual(product);
    }
    expect(products.items.find((p: { name: string }) => p.name === "Ankara Mermaid Evening Gown")).toMatchObject({ price: "18000.00", originalPrice: "25000.00" });
  });

  it("combines with the other filters (deals)", async () => {
    expect(await search("gown", { deals: true })).toEqual(["Ankara Mermaid Evening Gown"]);
  });

  it("a renamed product is found by its new name at once", async () => {
    const gele = await t.prisma.product.findFirstOrThrow({ where: { name: "Gèlè Head Tie" } });
    await t.prisma.product.update({ where: { id: gele.id }, data: { name: "Ìpèlé Shoulder Wrap" } });
    expect(await search("ipele")).toEqual(["Ìpèlé Shoulder Wrap"]);
    expect(await search("gele head")).toEqual([]);
  });
});

// Issue 40: "😀" showed every product, "jeans men" missed Levi's 501 (Men · Pants). Issue 39: "tshirt"
// found 4 pieces where "t-shirt" found 9.
describe("what a search is read as", () => {
  const names = async (text: string) => (await search(text)).sort();
  beforeAll(async () => {
    const category = (name: string, slug: string, main: string) => t.prisma.category.create({ data: { name, slug, main } });
    const menPants = await category("Men - Pants", "men-pants", "Men");
    const bales = await category("Bales", "bales", "Bales");
    const menTops = await category("Men - Tops", "men-tops", "Men");
    await t.prisma.product.updateMany({ where: { name: "Levi's 501 Straight Jeans" }, data: { categoryId: menPants.id } });
    for (const [name, categoryId, description] of [
      ["Men's Jeans Bale (25 pcs)", bales.id, "Mixed denim."],
      ["Mixed Men's T-Shirts Bale (60 pcs)", bales.id, "Crew necks."],
      ["Graphic Band T-Shirt (Faded Black)", menTops.id, "Soft cotton."],
      ["Plain Oversized Sweatshirt (Cream)", null, "Brushed fleece."],
      ["Short-Sleeve Hawaiian Print Shirt", menTops.id, "Rayon."],
    ] as const) {
      await t.prisma.product.create({ data: { name, description, categoryId, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), price: 5000, stock: 1 } });
    }
  });

  it('"jeans men" also finds Levi\'s 501 in Men · Pants: category and department words are searched too', async () => {
    expect(await names("jeans men")).toEqual(["Levi's 501 Straight Jeans", "Men's Jeans Bale (25 pcs)"]);
    expect(await names("pants")).toEqual(["Levi's 501 Straight Jeans"]);
  });

  it('"😀" (no letter or digit) matches nothing rather than everything', async () => {
    for (const text of ["😀", " !!! ", "😀😀 -"]) {
      const { products } = await t.client().data(SEARCH, { filter: { search: text } });
      expect(products).toEqual({ totalCount: 0, items: [] });
    }
  });

  it('"tshirt", "t shirt" and "t-shirt" find the same pieces: the T-shirts, not the sweatshirt nor the print shirt', async () => {
    const tShirts = ["Graphic Band T-Shirt (Faded Black)", "Mixed Men's T-Shirts Bale (60 pcs)"];
    for (const text of ["tshirt", "t shirt", "t-shirt", "T-Shirts", "tshirts"]) expect({ text, found: await names(text) }).toEqual({ text, found: tShirts });
    expect(await names("black t-shirt")).toEqual(["Graphic Band T-Shirt (Faded Black)"]);
  });
});

// A few thousand generated products, as a real shop grows: the planner must use the trigram indexes
// (through search_normalize() folded at plan time) rather than read every product, and a common
// word must not also read every product with a similar word in its name.
// PostgreSQL only (the embedded project has no second instance / no planner to inspect): defined
// there alone rather than reported as skipped.
if (testDbMode() === "postgres") describe("the search plan on PostgreSQL", () => {
  it("uses the trigram indexes on search_text (words) and search_name (typos)", async () => {
    await t.prisma.$executeRawUnsafe(`
      INSERT INTO products (id, name, slug, price, stock, description, updated_at)
      SELECT gen_random_uuid(),
             (ARRAY['Vintage','Classic','Plain','Striped','Floral','Denim','Linen','Silk'])[1 + i % 8] || ' ' ||
             (ARRAY['Blouse','Shirt','Skirt','Trousers','Shorts','Polo','Hoodie','Jacket','Tee'])[1 + i % 9] || ' ' || i,
             'generated-' || i, 1000 + i, 1 + i % 5,
             'Pre-loved item number ' || i || ', good condition, ' || (ARRAY['cotton','wool','polyester','rayon'])[1 + i % 4] || '.',
             now()
      FROM generate_series(1, 4000) AS i`);
    await t.prisma.$executeRawUnsafe("ANALYZE products");
    // A new connection, as the server's are after the migrations: it has the database's settings
    // (random_page_cost from the search migration) and the store's session settings.
    const [{ name }] = await t.prisma.$queryRaw<{ name: string }[]>`SELECT current_database()::text AS name`;
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query("SET pg_trgm.word_similarity_threshold = 0.5");
      // Words found as written, and misspelt words read as the names' nearest spellings ("ankra",
      // "mermiad", "lether": one or several LIKEs), are looked up in search_text's index only; a word
      // near nothing ("ankaraaaa") by similarity in search_name's.
      for (const [text, index] of [
        ["ankara gown", "search_text"],
        ["levis", "search_text"],
        ["ankra", "search_text"],
        ["mermiad gowns", "search_text"],
        ["lether jackt", "search_text"],
        ["ankaraaaa", "search_name"],
        ["ankaraaaa gown", "either"],
        // A department's word: its categories' products read beside the index (BitmapOr).
        ["jeans men", "search_text"],
      ]) {
        const words = await searchTerms(t.prisma, text);
        const sql = searchPageSql({}, words, "RELEVANCE", 0, 24);
        const plan = (await client.query(`EXPLAIN ${sql.text}`, sql.values)).rows.map((row) => row["QUERY PLAN"]).join("\n");
        if (index === "search_text") expect(plan).toContain("products_search_text_trgm_idx");
        if (index === "search_name") expect(plan).toContain("products_search_name_trgm_idx");
        if (index === "either") expect(plan).toMatch(/products_search_(text|name)_trgm_idx/);
        if (index === "search_text") expect(plan).not.toContain("products_search_name_trgm_idx");
        expect(plan).not.toMatch(/Seq Scan on products/);
      }
    } finally {
      await client.end();
    }
    expect(await search("ankara gown")).toEqual(["Ankara Mermaid Evening Gown", "Plain Midi Gown"]);
  });
});
