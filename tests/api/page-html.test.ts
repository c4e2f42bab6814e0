// The HTML the server sends for pages: the browsing pages are rendered on the server (decision 019)
// with their own title, description, Open Graph tags and canonical link (link previews run no
// JavaScript); product pages preload their picture from the head.
import fs from "node:fs";
import path from "node:path";
import { APOLLO_STATE_ELEMENT_ID, cutAtWord } from "../../common/page-head.ts";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { details, placeOrder, postPlaceOrder } from "../helpers/shopper.ts";
import { stockLine } from "../helpers/page-text.ts";
import { RENDER_AGAIN_AFTER_MS, STALE_PAGE_MS } from "../../server/src/cache/page-cache.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(async () => {
  await t?.close();
});

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, html: await res.text() };
}

/** The HTML up to </head>. */
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

const metaContent = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

async function addProduct(data: { name: string; slug: string; description: string | null; imageUrl: string | null }) {
  const category = await t.prisma.category.findFirstOrThrow({ where: { slug: "men-tops" } });
  return t.prisma.product.create({ data: { ...data, price: 4500, stock: 3, size: "M", categoryId: category.id } });
}

describe("product page HTML", () => {
  it("puts the condition and the key measurements first in the link preview's description", async () => {
    const product = await addProduct({ name: "Graded Preview Shirt", slug: "graded-preview-shirt", description: "Crisp cotton, long sleeves.", imageUrl: null });
    await t.prisma.product.update({ where: { id: product.id }, data: { condition: "like_new", pitToPitCm: 52, lengthCm: 71.5, sleeveCm: 60, waistCm: 50 } });
    const { html } = await page("/products/graded-preview-shirt");
    const expected = "₦4,500 · Condition: Like new · Pit to pit 52 cm · Length 71.5 cm · Sleeve 60 cm. Crisp cotton, long sleeves.";
    expect(metaContent(html, "name", "description")).toBe(expected);
    expect(metaContent(html, "property", "og:description")).toBe(expected);
  });

  it("names the product in the title, description, Open Graph tags and canonical link, and preloads its picture", async () => {
    const description = `${"Soft cotton tee, hardly worn. ".repeat(8)}End.`;
    const tee = await addProduct({ name: "Preview Test Tee", slug: "preview-test-tee", description, imageUrl: "/images/demo/tshirt.svg" });
    const { status, html } = await page("/products/preview-test-tee");
    expect(status).toBe(200);
    expect(html).toContain("<title>Preview Test Tee | Thrift Store</title>");
    expect(metaContent(html, "name", "description")).toBe(cutAtWord(`₦4,500. ${description}`));
    expect(metaContent(html, "property", "og:title")).toBe("Preview Test Tee | Thrift Store");
    expect(metaContent(html, "property", "og:description")).toBe(cutAtWord(`₦4,500. ${description}`));
    expect(metaContent(html, "property", "og:type")).toBe("product");
    // Absolute addresses use the shop's public address (PUBLIC_URL), whatever Host the request named.
    const publicUrl = t.config.publicUrl;
    expect(publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
    // The link preview drawn for it (a raster with price and grade), not the SVG photo (decision 029).
    expect(metaContent(html, "property", "og:image")).toMatch(new RegExp(`^${publicUrl}/previews/products/${tee.id}/[0-9a-z]+\\.jpg$`));
    expect(metaContent(html, "property", "og:url")).toBe(`${publicUrl}/products/preview-test-tee`);
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/products/preview-test-tee" />`);
    expect(html).toContain(`<link rel="preload" as="image" href="/images/demo/tshirt.svg" fetchpriority="high" />`);
    // Still the client's page: store settings and the root element are there.
    expect(html).toContain('<script type="application/json" id="store-settings">');
    expect(html).toContain('<div id="root">');
    // One title and one description, not the defaults beside the product's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("escapes quotes and angle brackets from product text", async () => {
    await addProduct({ name: `Tee "Bold" <b>x</b> & co`, slug: "escape-test-tee", description: `Says "hi" <script>alert(1)</script>`, imageUrl: null });
    const { html } = await page("/products/escape-test-tee");
    expect(html).toContain("<title>Tee &quot;Bold&quot; &lt;b&gt;x&lt;/b&gt; &amp; co | Thrift Store</title>");
    expect(metaContent(html, "name", "description")).toBe("₦4,500. Says &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(metaContent(html, "property", "og:image")).toMatch(/\/previews\/products\//); // no photo: the preview still names it
    expect(headOf(html)).not.toContain('rel="preload" as="image"'); // no product picture to preload
  });

  it("a Cloudinary picture is preloaded as the same srcset the page's <img> uses", async () => {
    const imageUrl = "https://res.cloudinary.com/demo/image/upload/v1/thrift/shirt.jpg";
    await addProduct({ name: "Cloud Shirt", slug: "cloud-shirt", description: null, imageUrl });
    const { html } = await page("/products/cloud-shirt");
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? "";
    expect(preload).toContain('href="https://res.cloudinary.com/demo/image/upload/w_600,c_limit,f_auto,q_auto/v1/thrift/shirt.jpg"');
    expect(preload).toContain("w_640,c_limit,f_auto,q_auto/v1/thrift/shirt.jpg 640w");
    expect(preload).toContain('imagesizes="(min-width: 800px) 50vw, 100vw"');
    expect(metaContent(html, "name", "description")).toMatch(/^₦4,500\. Quality pre-loved clothing/); // no description: the price, then the shop's
  });

  it("Save-Data: on gets the page with smaller, eco-quality Cloudinary pictures, kept apart from the usual page", async () => {
    const imageUrl = "https://res.cloudinary.com/demo/image/upload/v1/thrift/lite.jpg";
    await addProduct({ name: "Lite Shirt", slug: "lite-shirt", description: null, imageUrl });
    const imagesOf = (html: string) => [...html.matchAll(/<img [^>]*>|<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes("lite.jpg"));
    // The usual page first, so it is in the page cache when the Save-Data visitor asks.
    const usual = await fetch(`${t.url}/products/lite-shirt`);
    const usualHtml = await usual.text();
    const saving = await fetch(`${t.url}/products/lite-shirt`, { headers: { "Save-Data": "on" } });
    const savingHtml = await saving.text();
    for (const answer of [usual, saving]) expect(answer.headers.get("vary")).toMatch(/Save-Data/i);

    expect(usualHtml).not.toContain('data-save-data="on"');
    expect(imagesOf(usualHtml).join(" ")).toContain("w_1280,c_limit,f_auto,q_auto/");
    expect(savingHtml).toMatch(/<html data-save-data="on"/);
    const saved = imagesOf(savingHtml);
    expect(saved.length).toBeGreaterThanOrEqual(2); // the picture and its preload
    for (const tag of saved) {
      expect(tag).toContain("q_auto:eco/");
      expect(tag).not.toMatch(/w_(960|1280),/);
      expect(tag).not.toMatch(/q_auto\//);
    }
    // And the usual visitor still gets the usual page, not the cached Save-Data one.
    expect(await (await fetch(`${t.url}/products/lite-shirt`)).text()).not.toContain("q_auto:eco");
  });

  it("an unknown product address answers 404 with the page that says Product not found", async () => {
    const { status, html } = await page("/products/no-such-product");
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
    expect(html).toContain("<h1>Product not found</h1>"); // rendered on the server
    expect(headOf(html)).toContain("<title>Product not found | Thrift Store</title>");
    expect(headOf(html)).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it("home, listings, category listings and static pages carry their own title, description and canonical link", async () => {
    const publicUrl = t.config.publicUrl;
    const expected: [path: string, title: string, canonical: string, description: RegExp][] = [
      ["/", "Thrift Store — look great, feel great, pay less", "/", /^Quality pre-loved clothing/],
      ["/products", "All Products | Thrift Store", "/products", /^Shop pre-loved clothing, bales and unisex items/],
      ["/products?category=ladies&sort=price-asc", "Ladies | Thrift Store", "/products?category=ladies", /^Shop pre-loved ladies' clothing/],
      ["/products?category=men-tops", "Men Tops | Thrift Store", "/products?category=men-tops", /^Shop pre-loved men's tops/],
      ["/products?q=jeans", "All Products: “jeans” | Thrift Store", "/products", /^Shop pre-loved/],
      ["/about", "About Us | Thrift Store", "/about", /^Thrift Store sells quality pre-loved clothing/],
      ["/size-chart", "Size Chart | Thrift Store", "/size-chart", /./],
    ];
    for (const [path, title, canonical, description] of expected) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      const head = headOf(html);
      expect(head).toContain(`<title>${title}</title>`);
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(metaContent(head, "property", "og:title")).toBe(title);
      expect(metaContent(head, "name", "description")).toMatch(description);
      expect(head).toContain(`<link rel="canonical" href="${publicUrl}${canonical.replace(/&/g, "&amp;")}" />`);
      expect(head).not.toContain('rel="preload" as="image"'); // only product pages name their picture
      // The page reads without its scripts: its one script tag is the loader, which starts them
      // after the first paint (decision 022), told the entry and what to preload beside it.
      const loader = /<script type="module" src="(\/assets\/start-[^"]+\.js)" data-entry="(\/assets\/index-[^"]+\.js)" data-preload="([^"]*)"><\/script>/.exec(html);
      expect(loader).not.toBeNull();
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      expect(html).not.toMatch(/<link rel="modulepreload"/);
      expect(loader![3]!.split(" ").every((href) => /^\/assets\/[\w-]+\.js$/.test(href))).toBe(true);
      for (const file of [loader![1]!, loader![2]!, ...loader![3]!.split(" ")]) expect((await fetch(`${t.url}${file}`)).status).toBe(200);
      // Its first paint waits until its markup is parsed, up to the data block after it (no half-parsed page to move).
      expect(head).toContain(`<link rel="expect" href="#${APOLLO_STATE_ELEMENT_ID}" blocking="render" />`);
      expect(html.indexOf(`id="${APOLLO_STATE_ELEMENT_ID}"`)).toBeGreaterThan(html.indexOf("</footer>"));
    }
    // A page the browser renders needs its scripts first.
    const cart = (await page("/cart")).html;
    expect(cart).toMatch(/<script type="module" crossorigin src="\/assets\//);
  });
});

describe("the built client's files", () => {
  it("are served from its folder beside the pages: the service worker never from a cache, the manifest for an hour", async () => {
    const worker = await fetch(`${t.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(await worker.text()).toContain("precache");
    const manifest = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("cache-control")).toBe("public, max-age=3600");
    // A missing file is the 404 page, as any unknown path.
    expect((await page("/no-such-file.js")).status).toBe(404);
  });
});

describe("the page's own chunk", () => {
  it("is fetched beside the first bundle, so the page does not wait a round trip more to answer taps", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(t.config.clientDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string; imports?: string[] }>;
    const firstBundle = [manifest["index.html"]!.file, ...manifest["index.html"]!.imports!.map((key) => manifest[key]!.file)].map((file) => `/${file}`);
    await addProduct({ name: "Chunk Test Shirt", slug: "chunk-test-shirt", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const shown: [address: string, module: string][] = [
      ["/", "src/features/home/HomePage.tsx"],
      ["/products?category=men", "src/features/catalog/ProductListPage.tsx"],
      ["/products/chunk-test-shirt", "src/features/catalog/ProductPage.tsx"],
      ["/about", "src/features/pages/StaticPages.tsx"],
      ["/no-such-page", "src/features/pages/NotFoundPage.tsx"],
    ];
    for (const [address, module] of shown) {
      const { html } = await page(address);
      const preload = / data-preload="([^"]*)"/.exec(html)![1]!.split(" ");
      expect({ address, hasPage: preload.includes(`/${manifest[module]!.file}`) }).toEqual({ address, hasPage: true });
      // Every module once; the first bundle's modules first, as before.
      expect(new Set(preload).size).toBe(preload.length);
      expect(preload.slice(0, firstBundle.length - 1).sort()).toEqual(firstBundle.slice(1).sort());
      // Another page's chunk is not fetched.
      const others = shown.filter(([, other]) => other !== module).map(([, other]) => `/${manifest[other]!.file}`);
      expect(preload.filter((href) => others.includes(href))).toEqual([]);
    }
  });
});

describe("status codes of page addresses", () => {
  it("every client route answers 200 with the page", async () => {
    const known = [
      "/", "/products", "/products?category=ladies", "/cart", "/checkout", "/thank-you", "/thank-you/abc123", "/thankyou",
      "/auth", "/user-auth", "/account", "/saved", "/admin", "/admin?tab=orders", "/admin/sections",
      "/track-order", "/track-order/ABCD1234", "/trackout/ABCD1234", "/trackorder", "/track-out/ABCD1234",
      "/about", "/contact", "/privacy", "/terms", "/returns", "/size-chart", "/about/",
    ];
    for (const path of known) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      // Personal pages come as their shell (issue 26), marked to be rendered over, not hydrated.
      expect(html).toMatch(/<div id="root"( data-shell="")?>/);
    }
  });

  it("unknown addresses answer 404 and still carry the page (which says Page not found)", async () => {
    for (const path of ["/no-such-page", "/admin/nope", "/about/team", "/cart/extra", "/products/a/b", "/thank-you/a/b", "/account/settings"]) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(html).toContain('<div id="root">');
      expect(html).toContain("<h1>Oops! Page not found</h1>");
      expect(headOf(html)).toContain("<title>Page not found | Thrift Store</title>");
      expect(html).toContain(`<script type="application/json" id="store-settings">`);
    }
  });
});

describe("rendered pages are kept until the catalogue changes", () => {
  it("the same address is answered from the page cache; a product change renders it again", async () => {
    const product = await addProduct({ name: "Cache Test Shorts", slug: "cache-test-shorts", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const first = await fetch(`${t.url}/products?category=men-tops`);
    const html = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(html).toContain("Cache Test Shorts");
    const again = await fetch(`${t.url}/products?category=men-tops`);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(html);
    // Another address is its own entry.
    expect((await fetch(`${t.url}/products?category=men-tops&sort=price-asc`)).headers.get("x-page-cache")).toBe("miss");

    await t.prisma.product.update({ where: { id: product.id }, data: { name: "Cache Test Shorts Renamed" } });
    await t.store.catalogue.sync();
    const changed = await fetch(`${t.url}/products?category=men-tops`);
    expect(changed.headers.get("x-page-cache")).toBe("miss");
    expect(await changed.text()).toContain("Cache Test Shorts Renamed");
  });

  it("a sale renders again only the pages that show the sold piece; the buyer's next page load shows it out of stock and on hold", async () => {
    const sold = await addProduct({ name: "Drop Night Jacket", slug: "drop-night-jacket", description: null, imageUrl: null });
    await t.prisma.product.update({ where: { id: sold.id }, data: { stock: 1 } });
    const other = await addProduct({ name: "Drop Night Skirt", slug: "drop-night-skirt", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    for (const path of ["/products/drop-night-jacket", "/products/drop-night-skirt"]) {
      await fetch(`${t.url}${path}`);
      expect((await fetch(`${t.url}${path}`)).headers.get("x-page-cache")).toBe("hit");
    }
    const answer = await postPlaceOrder(t.url, { ...details(), items: [{ productId: sold.id, quantity: 1 }] });
    const order = ((await answer.json()) as { data: { placeOrder: { __typename: string } } }).data.placeOrder;
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    // The buyer's browser is told it has just written, for two seconds.
    const wrote = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("wrote="));
    expect(wrote).toMatch(/^wrote=1; SameSite=Lax; Path=\/; Max-Age=2$/);
    // No wait: the checkout's answer came once this instance had the new stock (decision 026), and
    // the buyer's next page is rendered for them, not sent from the page kept while it is redone.
    const after = await fetch(`${t.url}/products/drop-night-jacket`, { headers: { cookie: wrote!.split(";")[0]! } });
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(stockLine(await after.text())).toBe("Out of stock On hold");
    // The other piece's page is still the kept one.
    const untouched = await fetch(`${t.url}/products/drop-night-skirt`);
    expect(untouched.headers.get("x-page-cache")).toBe("hit");
    expect(stockLine(await untouched.text())).toBe(`${other.stock} items available`);
  });

  it("a sale that leaves more than one is joined into the kept pages at once, without a render: the very bytes a render gives", async () => {
    const piece = await addProduct({ name: "Joined Count Kaftan", slug: "joined-count-kaftan", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const paths = ["/products/joined-count-kaftan", "/products?category=men-tops"];
    const etags = new Map<string, string>();
    for (const path of paths) {
      await fetch(`${t.url}${path}`);
      const kept = await fetch(`${t.url}${path}`);
      expect(kept.headers.get("x-page-cache")).toBe("hit");
      etags.set(path, kept.headers.get("etag")!);
    }
    const answer = await postPlaceOrder(t.url, { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(((await answer.json()) as { data: { placeOrder: { __typename: string } } }).data.placeOrder.__typename).toBe("MutationPlaceOrderSuccess");
    const joined = new Map<string, string>();
    for (const path of paths) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get("x-page-cache")).toBe("hit");
      // New bytes, so a browser revalidating its copy gets them.
      expect(res.headers.get("etag")).not.toBe(etags.get(path));
      joined.set(path, await res.text());
    }
    expect(stockLine(joined.get(paths[0]!)!)).toBe("2 items available");
    // Every kept page dropped: what a render gives now, count and data block alike.
    t.store.catalogue.changedHere();
    for (const path of paths) {
      const rendered = await fetch(`${t.url}${path}`);
      expect(rendered.headers.get("x-page-cache")).toBe("miss");
      expect(await rendered.text()).toBe(joined.get(path));
    }
  });

  it("while a page that changed is rendered again, others get the kept page for at most 250 ms after the change, then only the new one", async () => {
    const piece = await addProduct({ name: "Stale Window Dashiki", slug: "stale-window-dashiki", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const path = `${t.url}/products/stale-window-dashiki`;
    await fetch(path);
    expect((await fetch(path)).headers.get("x-page-cache")).toBe("hit");
    // A sale elsewhere (another instance, the admin): only the stock changes.
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 1 } });
    await t.store.catalogue.sync();
    const landed = Date.now();
    const soon = await fetch(path);
    const soonHtml = await soon.text();
    // On a slow machine the request may come after the window: then it is rendered at once.
    if (Date.now() - landed < RENDER_AGAIN_AFTER_MS) {
      expect(soon.headers.get("x-page-cache")).toBe("stale");
      expect(stockLine(soonHtml)).toBe("3 items available");
    }
    // Past the window nobody gets the old page, whatever is being rendered.
    await new Promise((resolve) => setTimeout(resolve, STALE_PAGE_MS + 50));
    const later = await fetch(path);
    expect(later.headers.get("x-page-cache")).not.toBe("stale");
    expect(stockLine(await later.text())).toBe("1 item available");
    expect((await fetch(path)).headers.get("x-page-cache")).toBe("hit");
  });

  it("a page stale for longer than a moment is rendered again behind the scenes, once, while the kept one is sent", async () => {
    const piece = await addProduct({ name: "Revalidated Agbada", slug: "revalidated-agbada", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const path = `${t.url}/products/revalidated-agbada`;
    await fetch(path);
    // The last one left: the page changes more than its count (no "items", the stepper at its end).
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 1 } });
    await t.store.catalogue.sync();
    const landed = Date.now();
    await new Promise((resolve) => setTimeout(resolve, RENDER_AGAIN_AFTER_MS + 10));
    const together = await Promise.all(Array.from({ length: 5 }, () => fetch(path)));
    if (Date.now() - landed < STALE_PAGE_MS) {
      // The kept page, or (for the last ones) the page its first request had rendered meanwhile:
      // nobody waited for a render of their own.
      const seen = together.map((res) => res.headers.get("x-page-cache"));
      expect(seen).toContain("stale");
      for (const outcome of seen) expect(["stale", "hit"]).toContain(outcome);
    }
    // The render they started lands without anyone waiting for it: the next request is a hit.
    let next = await fetch(path);
    for (let i = 0; i < 20 && next.headers.get("x-page-cache") !== "hit"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      next = await fetch(path);
    }
    expect(next.headers.get("x-page-cache")).toBe("hit");
    expect(stockLine(await next.text())).toBe("1 item available");
  });

  it("a kept page is sent compressed as stored, revalidated by its ETag, and rendered once for requests that arrive together", async () => {
    await addProduct({ name: "Single Flight Tee", slug: "single-flight-tee", description: null, imageUrl: null });
    await t.store.catalogue.sync();
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${t.url}/products/single-flight-tee`)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(answers.map((res) => res.headers.get("x-page-cache")).filter((state) => state === "miss")).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
    const hit = await fetch(`${t.url}/products/single-flight-tee`, { headers: { "accept-encoding": "gzip" } });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("vary")).toMatch(/Save-Data/);
    expect(await hit.text()).toBe(bodies[0]);
    const etag = hit.headers.get("etag")!;
    expect(etag).toBeTruthy();
    // (fetch adds Cache-Control: no-cache to a conditional request unless one is given.)
    expect((await fetch(`${t.url}/products/single-flight-tee`, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } })).status).toBe(304);
  });

  it("a 404 is cached as a 404, and pages that are not server-rendered are never cached", async () => {
    await page("/no-such-page-cached");
    const again = await fetch(`${t.url}/no-such-page-cached`);
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    await page("/cart");
    expect((await fetch(`${t.url}/cart`)).headers.get("x-page-cache")).toBeNull();
  });
});

describe("the stylesheet a server-rendered page carries", () => {
  const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
  const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
  /** Each selector of a stylesheet (inside @media too), split at its commas. */
  const selectorsOf = (css: string) => [...withoutComments(css).matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((m) => m[1]!.split(",").map((s) => s.trim()));
  /** The class names the page's elements carry. */
  const pageClasses = (html: string) => new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
  const shellStylesheet = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

  it("styles everything a browsing page shows; the personal pages' rules come with those pages only", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(t.config.clientDir, ".vite/manifest.json"), "utf8")) as Record<string, { css?: string[] }>;
    const personalFile = manifest["src/features/cart/CartPage.tsx"]?.css?.find((file) => file.includes("personal-pages"));
    expect(personalFile).toBeDefined();
    for (const page of ["CheckoutPage", "AccountPage", "AuthPage"]) expect(Object.entries(manifest).find(([key]) => key.endsWith(`/${page}.tsx`))?.[1].css).toContain(personalFile);
    const personal = selectorsOf(fs.readFileSync(path.join(t.config.clientDir, personalFile!), "utf8")).filter((selector) => classesOf(selector).length > 0);

    await addProduct({ name: "Stylesheet Test Shirt", slug: "stylesheet-test-shirt", description: "Blue.", imageUrl: "/images/demo/tshirt.svg" });
    await t.store.catalogue.sync();
    const pages = ["/", "/products", "/products?category=men-tops&size=M", "/products/stylesheet-test-shirt", "/about", "/contact", "/size-chart", "/returns", "/no-such-page"];
    for (const address of pages) {
      const { html } = await page(address);
      expect(selectorsOf(shellStylesheet(html)).length).toBeGreaterThan(100);
      expect(html).not.toContain(personalFile);
      // A personal-pages rule whose classes this page's elements all carry would be missing here.
      const classes = pageClasses(html);
      const missing = personal.filter((selector) => classesOf(selector).every((name) => classes.has(name)));
      expect({ address, missing }).toEqual({ address, missing: [] });
    }
    // The split is real: the personal pages' rules are not in the shell's stylesheet as well.
    const shell = new Set(selectorsOf(shellStylesheet((await page("/")).html)));
    expect(personal.filter((selector) => !shell.has(selector)).length).toBeGreaterThan(200);
  });
});
