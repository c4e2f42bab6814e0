// The API explorer at /graphql: bundled with the app (no CDN), with example operations that run,
// open to anyone in development and only to admins in production (introspection too).
import { startTestStore, GraphQLClient, type TestStore } from "../helpers/store.ts";
import { EXAMPLE_OPERATIONS } from "../../client/explorer/examples.ts";

const INTROSPECTION = `{ __schema { queryType { name } } }`;

async function openExplorer(url: string, cookie: string | null = null) {
  return fetch(`${url}/graphql`, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8", ...(cookie ? { cookie } : {}) } });
}

describe("the API explorer in development", () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await startTestStore();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves GraphiQL from the store itself: every script and style is on this server, none from a CDN", async () => {
    const res = await openExplorer(t.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="explorer">');
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="(\/explorer\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(`${t.url}${asset}`)).status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("still answers API requests at /graphql: a GET query from a program gets JSON", async () => {
    const res = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ categories { slug } }")}`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.categories.length).toBeGreaterThan(0);
  });

  it("opens with example operations for shoppers and admins that all run against this schema", async () => {
    const admin = await t.admin();
    expect(EXAMPLE_OPERATIONS.some((e) => e.title.startsWith("Shopper"))).toBe(true);
    expect(EXAMPLE_OPERATIONS.some((e) => e.title.startsWith("Admin"))).toBe(true);
    for (const example of EXAMPLE_OPERATIONS) {
      const res = await admin.request(example.query);
      expect({ title: example.title, errors: res.errors }).toEqual({ title: example.title, errors: undefined });
      // Each example finds something in the demo catalogue (a renamed demo product would break one).
      expect(Object.values(res.data ?? {}).every((value) => value !== null)).toBe(true);
    }
  });
});

describe("the API explorer in production", () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await startTestStore({ env: { NODE_ENV: "production" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is refused to guests and shoppers, who are told to sign in as an admin", async () => {
    const guest = await openExplorer(t.url);
    expect(guest.status).toBe(403);
    // A page with the way to sign in, not bare text (issue 26).
    expect(guest.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await guest.text();
    expect(html).toMatch(/sign in as an admin/);
    expect(html).toContain('<a href="/auth">Sign in</a>');
    expect(html).toContain("<title>API explorer | Thrift Store</title>");
    const shopper = new GraphQLClient(t.url);
    await shopper.signUp("explorer-shopper@example.com", "a-long-and-rare-passphrase");
    expect((await openExplorer(t.url, shopper.cookie)).status).toBe(403);
  });

  it("opens for a signed-in admin, who may introspect the schema", async () => {
    const admin = await t.admin();
    const res = await openExplorer(t.url, admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="explorer">');
    expect((await admin.data(INTROSPECTION)).__schema.queryType.name).toBe("Query");
  });

  it("refuses schema introspection to everyone but admins", async () => {
    const res = await t.client().request(INTROSPECTION);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // Ordinary queries (with __typename) are untouched.
    expect((await t.client().data(`{ categories { __typename slug } }`)).categories.length).toBeGreaterThan(0);
  });
});
