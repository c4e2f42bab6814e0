// CSV export (orders and products) and the bulk product import, over real HTTP with the admin's
// session: UTF-8 with BOM, RFC 4180 quoting, formulas neutralised, Lagos date ranges, a dry run
// that reports every bad row, all-or-nothing imports, and refusals for everyone but admins.
import { parse } from "csv-parse/sync";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { makeCategory, makeListedProduct, placeOrder } from "./owner-fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
let customer: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
  customer = t.client();
  await customer.signUp("csv-customer@example.com");
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);

function get(path: string, client: GraphQLClient | null) {
  return fetch(`${t.url}${path}`, { headers: client?.cookie ? { cookie: client.cookie } : {} });
}

function postCsv(csv: string, options: { dryRun: boolean; client?: GraphQLClient | null; type?: string }) {
  const client = options.client === undefined ? admin : options.client;
  return fetch(`${t.url}/api/admin/imports/products?dryRun=${options.dryRun}`, {
    method: "POST",
    headers: { "content-type": options.type ?? "text/csv", ...(client?.cookie ? { cookie: client.cookie } : {}) },
    body: csv,
  });
}

async function csvRows(res: Response): Promise<{ bytes: Buffer; text: string; rows: string[][] }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8");
  return { bytes, text, rows: parse(text, { bom: true }) as string[][] };
}

describe("orders export", () => {
  let rows: string[][];
  let text: string;
  let bytes: Buffer;
  beforeAll(async () => {
    const gown = await makeListedProduct(t.prisma, { name: "Àdùké Ankara gown — ₦ bargain", price: "12500.50", stock: 1, createdAt: at("2031-04-01T10:00:00Z") });
    const evil = await makeListedProduct(t.prisma, { name: '=HYPERLINK("http://x")', price: "100.00", stock: 1, createdAt: at("2031-04-01T10:00:00Z") });
    // 23:30 UTC on the 9th is 00:30 in Lagos on the 10th: inside a 10–11 April export.
    await placeOrder(t.prisma, {
      lines: [{ product: gown, quantity: 1, size: "UK 12" }, { product: evil, quantity: 2 }],
      total: "14200.50",
      deliveryFee: "1500.00",
      createdAt: at("2031-04-09T23:30:00Z"),
      paidAt: at("2031-04-10T09:00:00Z"),
      paymentStatus: "paid",
      customerName: "Ọlámídé Ìbàdàn",
      deliveryMethod: "park",
      channel: "instagram",
    });
    // 22:30 UTC on the 9th is 23:30 in Lagos on the 9th: outside.
    await placeOrder(t.prisma, { lines: [{ product: gown, quantity: 1 }], total: "12500.50", createdAt: at("2031-04-09T22:30:00Z"), customerName: "Too Early" });
    // 22:59 UTC on the 11th is still the 11th in Lagos: inside; 23:00 UTC is the 12th: outside.
    await placeOrder(t.prisma, { lines: [{ product: gown, quantity: 1 }], total: "12500.50", createdAt: at("2031-04-11T22:59:00Z"), customerName: "Last Minute" });
    await placeOrder(t.prisma, { lines: [{ product: gown, quantity: 1 }], total: "12500.50", createdAt: at("2031-04-11T23:00:00Z"), customerName: "Too Late" });
    const res = await get("/api/admin/exports/orders.csv?from=2031-04-10&to=2031-04-11", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="orders-2031-04-10-to-2031-04-11.csv"/);
    ({ rows, text, bytes } = await csvRows(res));
  });

  it("starts with a UTF-8 byte-order mark and keeps ₦ and Yoruba names intact", () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toContain("Ọlámídé Ìbàdàn");
    expect(text).toContain("Àdùké Ankara gown — ₦ bargain");
  });

  it("writes one row per item with the order's delivery, payment state and totals, for the Lagos dates asked", () => {
    const [header, ...body] = rows;
    expect(header).toContain("Order total (NGN)");
    const col = (name: string) => header!.indexOf(name);
    expect(body.map((r) => r[col("Customer")])).toEqual(["Ọlámídé Ìbàdàn", "Ọlámídé Ìbàdàn", "Last Minute"]);
    const gownRow = body.find((r) => r[col("Item")]!.startsWith("Àdùké"))!;
    expect(gownRow[col("Placed (Lagos)")]).toBe("2031-04-10 00:30");
    expect(gownRow[col("Paid (Lagos)")]).toBe("2031-04-10 10:00");
    expect(gownRow[col("Payment")]).toBe("paid");
    expect(gownRow[col("Delivery")]).toBe("park");
    expect(gownRow[col("Address or park")]).toBe("Iwo Road Park, Oyo");
    expect(gownRow[col("State")]).toBe("Oyo");
    expect(gownRow[col("Awaiting payment")]).toBe("no");
    const doorstepRow = body.find((r) => r[col("Customer")] === "Last Minute")!;
    expect([doorstepRow[col("Delivery")], doorstepRow[col("State")], doorstepRow[col("Awaiting payment")]]).toEqual(["doorstep", "Lagos", "yes"]);
    // Where each sale was made: a DM order and a site order.
    expect([gownRow[col("Channel")], doorstepRow[col("Channel")]]).toEqual(["instagram", "web"]);
    expect(gownRow[col("Size")]).toBe("UK 12");
    expect(gownRow[col("Unit price (NGN)")]).toBe("12500.50");
    expect([gownRow[col("Discount code")], gownRow[col("Discount (NGN)")]]).toEqual(["", "0.00"]);
    expect(gownRow[col("Delivery fee (NGN)")]).toBe("1500.00");
    expect(gownRow[col("Order total (NGN)")]).toBe("14200.50");
  });

  it("neutralises a formula in a cell and quotes it per RFC 4180", () => {
    const [header, ...body] = rows;
    const evilRow = body.find((r) => r[header!.indexOf("Item")]!.includes("HYPERLINK"))!;
    expect(evilRow[header!.indexOf("Item")]).toBe(`'=HYPERLINK("http://x")`);
    expect(evilRow[header!.indexOf("Line total (NGN)")]).toBe("200.00");
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("refuses bad dates with a clear message", async () => {
    for (const query of ["from=2031-04-12&to=2031-04-10", "from=2031-02-30&to=2031-03-01", "to=2031-03-01"]) {
      const res = await get(`/api/admin/exports/orders.csv?${query}`, admin);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Choose the dates as YYYY-MM-DD, the first on or before the last");
    }
  });

  it("names the file from the parsed dates, not the raw query text", async () => {
    const res = await get(`/api/admin/exports/orders.csv?from=${encodeURIComponent(" 2031-04-10\r\n")}&to=2031-04-11`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders-2031-04-10-to-2031-04-11.csv"');
  });
});

describe("products export", () => {
  it("lists the products listed in the range, neutralising +, -, @ and tab at the start of a cell", async () => {
    const category = await makeCategory(t.prisma, "Ladies - Gowns");
    await makeListedProduct(t.prisma, { name: "Ìyá Àgbà boubou", price: "8000.00", stock: 2, categoryId: category.id, createdAt: at("2031-05-02T00:30:00Z") });
    await makeListedProduct(t.prisma, { name: "+2348031234567 call me", price: "1.00", stock: 1, createdAt: at("2031-05-02T01:00:00Z") });
    await makeListedProduct(t.prisma, { name: "@SUM(A1)", price: "1.00", stock: 1, createdAt: at("2031-05-02T02:00:00Z") });
    await makeListedProduct(t.prisma, { name: "-1+1", price: "1.00", stock: 1, createdAt: at("2031-05-02T03:00:00Z") });
    await makeListedProduct(t.prisma, { name: "\tTabbed", price: "1.00", stock: 1, createdAt: at("2031-05-02T04:00:00Z") });
    await makeListedProduct(t.prisma, { name: "Listed the day before", price: "1.00", stock: 1, createdAt: at("2031-05-01T22:59:00Z") });
    const res = await get("/api/admin/exports/products.csv?from=2031-05-02&to=2031-05-02", admin);
    expect(res.status).toBe(200);
    const { bytes, rows } = await csvRows(res);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...body] = rows;
    expect(header!.slice(0, 7)).toEqual(["name", "category", "price", "size", "stock", "description", "originalPrice"]);
    expect(body.map((r) => r[0])).toEqual(["Ìyá Àgbà boubou", "'+2348031234567 call me", "'@SUM(A1)", "'-1+1", "'\tTabbed"]);
    expect(body[0]!.slice(1, 5)).toEqual([category.slug, "8000.00", "", "2"]);
  });

  it("says when a scheduled product goes live, in Lagos time, and nothing for one on sale since listing", async () => {
    await makeListedProduct(t.prisma, { name: "Drop boubou", price: "9000.00", stock: 1, createdAt: at("2031-05-09T08:00:00Z"), goesLiveAt: at("2031-05-16T18:00:00Z") });
    await makeListedProduct(t.prisma, { name: "Plain boubou", price: "9000.00", stock: 1, createdAt: at("2031-05-09T09:00:00Z") });
    const { rows } = await csvRows(await get("/api/admin/exports/products.csv?from=2031-05-09&to=2031-05-09", admin));
    const [header, ...body] = rows;
    const column = header!.indexOf("goes live (Lagos)");
    expect(column).toBeGreaterThan(0);
    expect(body.map((r) => [r[0], r[column]])).toEqual([
      ["Drop boubou", "2031-05-16 19:00"],
      ["Plain boubou", ""],
    ]);
  });
});

describe("who may export and import", () => {
  it("refuses guests (401) and customers (403) every route", async () => {
    for (const path of ["/api/admin/exports/orders.csv?from=2031-04-10&to=2031-04-11", "/api/admin/exports/products.csv?from=2031-04-10&to=2031-04-11"]) {
      expect((await get(path, null)).status).toBe(401);
      const refused = await get(path, customer);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Àdùké");
    }
    const before = await t.prisma.product.count();
    expect((await postCsv("name,category,price,stock\nSneaky,x,1,1\n", { dryRun: false, client: null })).status).toBe(401);
    expect((await postCsv("name,category,price,stock\nSneaky,x,1,1\n", { dryRun: false, client: customer })).status).toBe(403);
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("accepts the import only as text/csv (a cross-site form cannot send it)", async () => {
    const res = await postCsv("name,category,price,stock\nSneaky,x,1,1\n", { dryRun: false, type: "text/plain" });
    expect(res.status).toBe(415);
  });
});

describe("product import", () => {
  let slug: string;
  beforeAll(async () => {
    slug = (await makeCategory(t.prisma, "Bales")).slug;
  });

  const importedNamed = (prefix: string) => t.prisma.product.findMany({ where: { name: { startsWith: prefix } }, orderBy: { slug: "asc" } });

  it("a dry run reports every bad row with its line number and reason, and imports nothing", async () => {
    const csv = [
      "Name,Category,Price,Size,Stock,Description,Original price",
      `Bad1 good shirt,${slug},"12,500",M,1,Crisp cotton,`,
      `Bad1 unknown category,no-such-category,5000,L,1,,`,
      `Bad1 good skirt,${slug},12500,S,2,,`,
      `Bad1 bad price,${slug},twelve,S,1,,`,
      `,${slug},5000,S,1,,`,
      `Bad1 original too low,${slug},5000,S,1,,4000`,
      `Bad1 two-line description,${slug},lots,S,1,"Line one`,
      `line two",`,
      `Bad1 after it,no-such-category,5000,S,1,,`,
    ].join("\n");
    for (const dryRun of [true, false]) {
      const res = await postCsv(csv, { dryRun });
      expect(res.status).toBe(200);
      const report = await res.json();
      // The two good rows are counted (issue 40: "valid: 0"), and the file is refused whole.
      expect(report).toMatchObject({ dryRun, rows: 8, valid: 2, imported: 0 });
      expect(report.problems).toEqual([
        { line: 3, reason: 'Unknown category "no-such-category"' },
        { line: 5, reason: 'Price must be an amount of naira (e.g. 12,500 or 12,500.50)' },
        { line: 6, reason: "Product name is required" },
        { line: 7, reason: "Original price must be higher than the price" },
        // A row spanning lines 8 and 9 is reported on the line it starts.
        { line: 8, reason: "Price must be an amount of naira (e.g. 12,500 or 12,500.50)" },
        { line: 10, reason: 'Unknown category "no-such-category"' },
      ]);
    }
    expect(await importedNamed("Bad1")).toEqual([]);
  });

  it("lists every problem of a row, each with the row's line", async () => {
    const csv = ["name,category,price,stock,originalPrice", `,no-such-category,twelve,-1,4000`, `Multi1 fine,${slug},5000,1,`].join("\n");
    const report = await (await postCsv(csv, { dryRun: true })).json();
    expect(report).toMatchObject({ rows: 2, valid: 1, imported: 0 });
    expect(report.problems).toEqual([
      { line: 2, reason: 'Unknown category "no-such-category"' },
      { line: 2, reason: "Product name is required" },
      { line: 2, reason: "Price must be an amount of naira (e.g. 12,500 or 12,500.50)" },
      { line: 2, reason: "Stock must be a whole number of 0 or more" },
    ]);
  });

  it("marks a row with an unquoted =HYPERLINK(\"…\") cell and still checks the others; a formula is never imported", async () => {
    const csv = [
      "name,category,price,stock,description",
      `Formula1 shirt,${slug},5000,1,Crisp`,
      `Formula1 gown,${slug},5000,1,`,
      `Formula1 skirt,${slug},5000,1,`,
      `Formula1 bad,no-such-category,5000,1,`,
      `=HYPERLINK("http://evil.example/x"),${slug},5000,1,@SUM(A1)`,
      `Formula1 last,${slug},lots,1,- 100% cotton`,
    ].join("\n");
    for (const dryRun of [true, false]) {
      const res = await postCsv(csv, { dryRun });
      expect(res.status).toBe(200);
      const report = await res.json();
      expect(report).toMatchObject({ rows: 6, valid: 3, imported: 0 });
      expect(report.problems).toEqual([
        { line: 5, reason: 'Unknown category "no-such-category"' },
        { line: 6, reason: "name starts like a spreadsheet formula (=, +, - or @): type it as plain text" },
        { line: 6, reason: "description starts like a spreadsheet formula (=, +, - or @): type it as plain text" },
        { line: 7, reason: "Price must be an amount of naira (e.g. 12,500 or 12,500.50)" },
      ]);
    }
    expect(await importedNamed("Formula1")).toEqual([]);
    expect(await t.prisma.product.count({ where: { name: { contains: "evil.example" } } })).toBe(0);
  });

  it("a dry run of a good file reports it valid and keeps nothing; the import then lists every row", async () => {
    const csv = [
      "name,category,price,size,stock,description,originalPrice",
      `Good1 Àdùké blouse,${slug},"₦12,500.50",UK 12,1,"Soft, ""silky"" finish",`,
      `Good1 Àdùké blouse,${slug},8000,UK 10,3,,"10,000"`,
      `Good1 denim jacket,${slug.toUpperCase()},45000,L,1,,`,
    ].join("\r\n");
    const dry = await (await postCsv(csv, { dryRun: true })).json();
    expect(dry).toEqual({ dryRun: true, rows: 3, valid: 3, imported: 0, problems: [] });
    expect(await importedNamed("Good1")).toEqual([]);

    const done = await (await postCsv(csv, { dryRun: false })).json();
    expect(done).toEqual({ dryRun: false, rows: 3, valid: 3, imported: 3, problems: [] });
    const products = await importedNamed("Good1");
    expect(products.map((p) => [p.name, p.slug, p.price.toFixed(2), p.originalPrice?.toFixed(2) ?? null, p.size, p.stock, p.description])).toEqual([
      ["Good1 Àdùké blouse", "good1-aduke-blouse", "12500.50", null, "UK 12", 1, 'Soft, "silky" finish'],
      ["Good1 Àdùké blouse", "good1-aduke-blouse-2", "8000.00", "10000.00", "UK 10", 3, null],
      ["Good1 denim jacket", "good1-denim-jacket", "45000.00", null, "L", 1, null],
    ]);
    expect(new Set(products.map((p) => p.categoryId)).size).toBe(1);
    expect(await t.prisma.auditEntry.count({ where: { action: "product.import", entityId: { in: products.map((p) => p.id) } } })).toBe(3);
  });

  it("reports a slug in use, used before a rename, or used twice in the file, on its line", async () => {
    const existing = await makeListedProduct(t.prisma, { price: "1.00", stock: 1, createdAt: new Date() });
    await t.prisma.productSlug.create({ data: { slug: "dup1-old-address", productId: existing.id } });
    const csv = [
      "name,category,price,stock,slug",
      `Dup1 one,${slug},1000,1,${existing.slug}`,
      `Dup1 two,${slug},1000,1,dup1-same`,
      `Dup1 three,${slug},1000,1,Dup1 Same`,
      `Dup1 four,${slug},1000,1,dup1-old-address`,
    ].join("\n");
    const report = await (await postCsv(csv, { dryRun: false })).json();
    expect(report.problems).toEqual([
      { line: 2, reason: `Another product already uses the slug "${existing.slug}"` },
      { line: 4, reason: 'Slug "dup1-same" is also on line 3' },
      { line: 5, reason: 'Another product already uses the slug "dup1-old-address"' },
    ]);
    expect(await importedNamed("Dup1")).toEqual([]);
  });

  it("a failure half-way through the inserts (a slug taken at insert) leaves nothing", async () => {
    // Another writer takes the third row's slug after the check: a trigger stands in for it by
    // raising PostgreSQL's own unique_violation when that row is inserted.
    await t.prisma.$executeRawUnsafe(`
      CREATE FUNCTION test_slug_race() RETURNS trigger AS $$
      BEGIN
        IF NEW.slug = 'half1-third' THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "products_slug_key"' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.prisma.$executeRawUnsafe(`CREATE TRIGGER test_slug_race BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION test_slug_race()`);
    try {
      const csv = ["name,category,price,stock", `Half1 first,${slug},1000,1`, `Half1 second,${slug},1000,1`, `Half1 third,${slug},1000,1`, `Half1 fourth,${slug},1000,1`].join("\n");
      const res = await postCsv(csv, { dryRun: false });
      expect(res.status).toBe(200);
      const report = await res.json();
      expect(report.imported).toBe(0);
      expect(report.problems).toEqual([{ line: 4, reason: 'Another product already uses the slug "half1-third"; nothing was imported' }]);
      expect(await importedNamed("Half1")).toEqual([]);
      expect(await t.prisma.auditEntry.count({ where: { action: "product.import", after: { path: ["name"], string_starts_with: "Half1" } } })).toBe(0);
    } finally {
      await t.prisma.$executeRawUnsafe(`DROP TRIGGER test_slug_race ON products`);
      await t.prisma.$executeRawUnsafe(`DROP FUNCTION test_slug_race()`);
    }
  });

  it("refuses a file saved in the PC's code page instead of UTF-8, naming the fix", async () => {
    const latin1 = Buffer.from(`name,category,price,stock\n\u00c0d\u00f9k\u00e9 wrapper,${slug},1000,1\n`, "latin1");
    const res = await fetch(`${t.url}/api/admin/imports/products?dryRun=true`, {
      method: "POST",
      headers: { "content-type": "text/csv", cookie: admin.cookie! },
      body: latin1,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('The file is not UTF-8: in Excel use Save As, "CSV UTF-8 (Comma delimited)"');
  });

  it("refuses files without the needed columns, with too many rows, or too large", async () => {
    const noPrice = await postCsv("name,category,stock\nA,b,1\n", { dryRun: true });
    expect(noPrice.status).toBe(400);
    expect((await noPrice.json()).error).toBe("The first line must name the columns; missing: price");
    const many = ["name,category,price,stock", ...Array.from({ length: 1001 }, (_, i) => `Many ${i},${slug},1000,1`)].join("\n");
    const tooMany = await postCsv(many, { dryRun: true });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toBe("At most 1000 products per file; split the file");
    const huge = await postCsv("name,category,price,stock\n" + "x".repeat(600 * 1024), { dryRun: true });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe("The file must be at most 512 KB");
    expect(await importedNamed("Many")).toEqual([]);
  });
});
