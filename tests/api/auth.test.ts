import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestStore, GraphQLClient, type TestStore } from "../helpers/store.ts";
import { CART } from "../helpers/shopper.ts";
import { sessionCookies } from "../../server/src/auth/cookies.ts";
import type { Request, Response } from "express";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  // One proxy in front: each test client says which address it comes from (X-Forwarded-For).
  t = await startTestStore({ seed: false, env: { TRUST_PROXY: "1" } });
});
afterAll(() => t?.close());
beforeEach(() => t.prisma.rateLimit.deleteMany());

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { __typename ... on Error { message } ... on MutationSignUpSuccess { data { viewer { id email fullName isAdmin } } } } }`;
const LOG_IN = `mutation($input: LogInInput!) { logIn(input: $input) { __typename ... on Error { message } ... on RateLimitError { retryAfterSeconds } } }`;
const VIEWER = `{ viewer { id email fullName } }`;

async function rawGraphQL(query: string, variables: Record<string, unknown>, cookie?: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { setCookie: res.headers.getSetCookie(), body: (await res.json()) as any };
}

describe("sessions", () => {
  it("sign-up sets an HttpOnly, SameSite=Lax session cookie holding <id>.<secret>; only a hash is stored", async () => {
    const { setCookie, body } = await rawGraphQL(SIGN_UP, {
      input: { email: "cookie@example.ng", password: "secret-pass", confirmPassword: "secret-pass", fullName: "Tolu" },
    });
    expect(body.data.signUp.__typename).toBe("MutationSignUpSuccess");
    expect(setCookie).toHaveLength(2);
    const cookie = setCookie[0]!;
    expect(cookie).toMatch(/^session=[a-z0-9]{32}\.[a-z0-9]{32};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const [id, secret] = cookie.split(";")[0]!.split("=")[1]!.split(".");
    const session = await t.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(session.secretHash).toString("utf8")).not.toContain(secret);
    // Its companion, for the page's scripts: no secret, readable (not HttpOnly), the same lifetime.
    const companion = setCookie[1]!;
    expect(companion).toBe(`signed-in=1; SameSite=Lax; Path=/; Expires=${new Date(expires).toUTCString()}`);
  });

  it("a page asked with a session cookie but without its companion (an older session) gives the companion", async () => {
    const client = t.client();
    await client.signUp("older-session@example.ng");
    const page = (cookie?: string) => fetch(`${t.url}/about`, { headers: cookie ? { cookie } : {} }).then((res) => res.headers.getSetCookie());
    expect(await page(client.cookie!)).toEqual([expect.stringMatching(/^signed-in=1; SameSite=Lax; Path=\/; Max-Age=\d+$/)]);
    // Not again once it has it, and never for a guest.
    expect(await page(`${client.cookie!}; signed-in=1`)).toEqual([]);
    expect(await page()).toEqual([]);
  });

  it("in production the cookie is __Host-session and Secure", () => {
    const headers: string[] = [];
    const res = { append: (_name: string, value: string) => headers.push(value) } as unknown as Response;
    sessionCookies({ headers: {} } as Request, res, true).set("abc.def", new Date(Date.now() + 1000));
    expect(headers[0]).toMatch(/^__Host-session=abc\.def; HttpOnly; SameSite=Lax; Path=\/; Secure;/);
    expect(headers[1]).toMatch(/^__Host-signed-in=1; SameSite=Lax; Path=\/; Secure;/);
  });

  it("signing out deletes the session: the old cookie no longer signs anyone in", async () => {
    const client = t.client();
    await client.signUp("signout@example.ng");
    const cookie = client.cookie!;
    expect((await client.data(VIEWER)).viewer.email).toBe("signout@example.ng");
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "signout@example.ng" } });
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(1);
    const out = await rawGraphQL(`mutation { logOut }`, {}, cookie);
    expect(out.setCookie).toEqual([expect.stringMatching(/^session=;.*Max-Age=0/), expect.stringMatching(/^signed-in=;.*Max-Age=0/)]);
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const replay = await rawGraphQL(VIEWER, {}, cookie);
    expect(replay.body.data.viewer).toBeNull();
    // The dead cookie is cleared in the browser too.
    expect(replay.setCookie).toEqual([expect.stringMatching(/^session=;.*Max-Age=0/), expect.stringMatching(/^signed-in=;.*Max-Age=0/)]);
  });

  it("a tampered or garbage cookie is no session", async () => {
    const client = t.client();
    await client.signUp("tamper@example.ng");
    const [name, token] = client.cookie!.split("=");
    const [id] = token!.split(".");
    for (const bad of [`${id}.${"a".repeat(32)}`, "garbage", `${id}`, `${"x".repeat(5000)}.y`]) {
      const res = await rawGraphQL(VIEWER, {}, `${name}=${bad}`);
      expect(res.body.data.viewer).toBeNull();
    }
  });
});

describe("sign-up and login rules", () => {
  it("uses the spec's validation messages", async () => {
    const client = t.client();
    const cases: [Record<string, string>, string][] = [
      [{ email: "nope", password: "secret-pass", confirmPassword: "secret-pass" }, "Invalid email address"],
      [{ email: "a@example.ng", password: "1234567", confirmPassword: "1234567" }, "Password must be at least 8 characters"],
      [{ email: "a@example.ng", password: "secret-pass", confirmPassword: "secret-pasS" }, "Passwords do not match"],
      [{ email: `${"a".repeat(10_000)}@example.ng`, password: "secret-pass", confirmPassword: "secret-pass" }, "Invalid email address"],
      [{ email: "a@example.ng", password: "p".repeat(10_000), confirmPassword: "p".repeat(10_000) }, "Password must be at most 128 characters"],
      [{ email: "a@example.ng", password: "secret-pass", confirmPassword: "secret-pass", fullName: "n".repeat(10_000) }, "Name must be at most 100 characters"],
    ];
    for (const [input, message] of cases) {
      const { signUp } = await client.data(SIGN_UP, { input });
      expect(signUp).toEqual({ __typename: "ValidationError", message });
    }
    expect(await t.prisma.user.count({ where: { email: "a@example.ng" } })).toBe(0);
    const { logIn } = await client.data(LOG_IN, { input: { email: "bad", password: "secret-pass" } });
    expect(logIn.message).toBe("Invalid email address");
    const missing = await client.request(SIGN_UP, { input: { email: "x@example.ng" } });
    expect(missing.errors?.[0]?.message).toMatch(/was not provided/);
    const wrongType = await client.request(LOG_IN, { input: { email: 42, password: ["x"] } });
    expect(wrongType.errors?.length).toBeGreaterThan(0);
  });

  it("a wrong password and an unknown email get the same answer (no account enumeration)", async () => {
    await t.client().signUp("known@example.ng", "right-password");
    const client = t.client();
    const wrong = await client.data(LOG_IN, { input: { email: "known@example.ng", password: "wrong-password" } });
    const unknown = await client.data(LOG_IN, { input: { email: "nobody@example.ng", password: "wrong-password" } });
    expect(wrong.logIn).toEqual(unknown.logIn);
    expect(wrong.logIn.message).toBe("Invalid login credentials");
    expect(client.cookie).toBeNull();
  });

  it("queues a welcome email and stores script tags in names as plain text", async () => {
    const name = `<script>alert(1)</script> Bisi`;
    const client = t.client();
    const { signUp } = await client.data(SIGN_UP, { input: { email: "welcome@example.ng", password: "secret-pass", confirmPassword: "secret-pass", fullName: name } });
    expect(signUp.data.viewer.fullName).toBe(name);
    expect(await t.prisma.emailOutbox.count({ where: { to: "welcome@example.ng" } })).toBe(1);
  });
});

/** A client behind the given address (documentation range; only a header, no traffic goes there). */
const from = (address: string) => t.client({ "x-forwarded-for": address });
const logIn = async (client: GraphQLClient, email: string, password: string) => (await client.data(LOG_IN, { input: { email, password } })).logIn;

describe("sign-in throttling no stranger can turn against a user", () => {
  it("12+ wrong passwords for the admin's email from other addresses do not lock the owner out of their usual address", async () => {
    // The owner has signed in from their usual address before.
    expect((await logIn(from("203.0.113.10"), ADMIN_EMAIL, ADMIN_PASSWORD)).__typename).toBe("MutationLogInSuccess");
    // A stranger guesses from many addresses, 3 guesses each; after 20 failures the account is
    // locked for addresses that never signed in to it.
    const answers: string[] = [];
    for (let a = 1; a <= 10; a++) {
      const stranger = from(`198.51.100.${a}`);
      for (let i = 0; i < 3; i++) answers.push((await logIn(stranger, ADMIN_EMAIL, `guess-${a}-${i}-xx`)).__typename);
    }
    expect(answers).toEqual([...Array(20).fill("ValidationError"), ...Array(10).fill("RateLimitError")]);
    // The account is now locked for addresses that never signed in to it, even with the right password...
    const newcomer = await logIn(from("198.51.100.99"), ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(newcomer.__typename).toBe("RateLimitError");
    // ...but the owner's usual address still gets in with the right password.
    const owner = from("203.0.113.10");
    expect((await logIn(owner, ADMIN_EMAIL, ADMIN_PASSWORD)).__typename).toBe("MutationLogInSuccess");
    expect((await owner.data(VIEWER)).viewer.email).toBe(ADMIN_EMAIL);
  });

  it("a guesser at one (account, address) is slowed down after 5 failures, with growing delays and a clear message", async () => {
    await from("203.0.113.20").signUp("target@example.ng", "right-password");
    await t.prisma.rateLimit.deleteMany();
    const guesser = from("198.51.100.20");
    for (let i = 0; i < 5; i++) expect((await logIn(guesser, "target@example.ng", `guess-${i}-xx`)).__typename).toBe("ValidationError");
    const blocked = await logIn(guesser, "target@example.ng", "right-password");
    expect(blocked.__typename).toBe("RateLimitError");
    expect(blocked.message).toMatch(/^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(30);
    // When the delay is over, the next failure locks for twice as long.
    await t.prisma.rateLimit.updateMany({ where: { key: { startsWith: "login-lock:pair:" } }, data: { resetAt: new Date(Date.now() - 1000) } });
    expect((await logIn(guesser, "target@example.ng", "guess-6-xx")).__typename).toBe("ValidationError");
    const longer = await logIn(guesser, "target@example.ng", "guess-7-xx");
    expect(longer.__typename).toBe("RateLimitError");
    expect(longer.retryAfterSeconds).toBeGreaterThan(30);
    expect(longer.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another shopper behind another address is not affected.
    expect((await logIn(from("198.51.100.21"), "target@example.ng", "right-password")).__typename).toBe("MutationLogInSuccess");
  });

  it("an address that fails against many accounts is limited, except for accounts it has signed in to before", async () => {
    await from("203.0.113.30").signUp("regular@example.ng", "right-password");
    const shared = from("198.51.100.30");
    expect((await logIn(shared, "regular@example.ng", "right-password")).__typename).toBe("MutationLogInSuccess");
    for (let i = 0; i < 50; i++) expect((await logIn(shared, `nobody${i}@example.ng`, "guess-xx-1")).__typename).toBe("ValidationError");
    expect((await logIn(shared, "nobody-else@example.ng", "guess-xx-1")).__typename).toBe("RateLimitError");
    // The regular shopper on that shared address still signs in.
    expect((await logIn(shared, "regular@example.ng", "right-password")).__typename).toBe("MutationLogInSuccess");
  });

  it("successful logins do not count: many shoppers behind one carrier address sign up and sign in", async () => {
    const carrier = "198.51.100.40";
    for (let i = 0; i < 25; i++) await from(carrier).signUp(`shopper${i}@example.ng`, `ankara-print-${i}`);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 25; i++) expect((await logIn(from(carrier), `shopper${i}@example.ng`, `ankara-print-${i}`)).__typename).toBe("MutationLogInSuccess");
    }
    // Only failures are stored; nothing counts successes.
    expect(await t.prisma.rateLimit.count({ where: { key: { startsWith: "login-fail:" } } })).toBe(0);
  });

  it("sign-up is limited per address only after many accounts an hour (60)", async () => {
    const client = from("198.51.100.50");
    const results: string[] = [];
    for (let i = 0; i < 61; i++) {
      results.push((await client.data(SIGN_UP, { input: { email: `burst${i}@example.ng`, password: "secret-pass", confirmPassword: "secret-pass" } })).signUp.__typename);
    }
    expect(results.slice(0, 60).every((r) => r === "MutationSignUpSuccess")).toBe(true);
    expect(results[60]).toBe("RateLimitError");
    expect(await t.prisma.user.count({ where: { email: { startsWith: "burst" } } })).toBe(60);
  });
});

describe("password policy for new passwords", () => {
  it("refuses weak passwords with a helpful message and creates no account", async () => {
    const email = "weak.pass@example.ng";
    const cases: [string, string][] = [
      ["password", "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\"."],
      ["12345678", "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\"."],
      ["aaaaaaaa", "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\"."],
      [" ".repeat(12), "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\"."],
      ["iloveyou1", "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\"."],
      [email, "Password must not contain your email address"],
      ["Weak.Pass-2026", "Password must not contain your email address"],
      ["short7!", "Password must be at least 8 characters"],
    ];
    for (const [password, message] of cases) {
      const { signUp } = await from("198.51.100.60").data(SIGN_UP, { input: { email, password, confirmPassword: password } });
      expect([password, signUp]).toEqual([password, { __typename: "ValidationError", message }]);
    }
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);
    const ok = await from("198.51.100.60").data(SIGN_UP, { input: { email, password: "mango bicycle Lekki", confirmPassword: "mango bicycle Lekki" } });
    expect(ok.signUp.__typename).toBe("MutationSignUpSuccess");
  });

  it("an older account whose password is shorter than the new minimum still signs in", async () => {
    const client = from("198.51.100.70");
    await client.signUp("older@example.ng", "kola-nut-season");
    const { hashPassword } = await import("../../server/src/auth/password.ts");
    await t.prisma.user.update({ where: { email: "older@example.ng" }, data: { passwordHash: await hashPassword("abc123") } });
    expect((await logIn(client, "older@example.ng", "abc123")).__typename).toBe("MutationLogInSuccess");
  });
});

describe("the guest cart merges at sign-in", () => {
  it("sign-up brings the guest cart into the new account, capped at stock; bad lines are skipped", async () => {
    const shirt = await makeProduct(t.prisma, { stock: 2 });
    const soldOut = await makeProduct(t.prisma, { stock: 0 });
    const client = t.client();
    const { signUp } = await client.data(SIGN_UP, {
      input: {
        email: "merge-signup@example.ng",
        password: "secret-pass",
        confirmPassword: "secret-pass",
        guestCart: [
          { productId: shirt.id, quantity: 5 },
          { productId: soldOut.id, quantity: 1 },
          { productId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
          { productId: "not-a-uuid", quantity: 1 },
          { productId: shirt.id, quantity: -3 },
        ],
      },
    });
    expect(signUp.__typename).toBe("MutationSignUpSuccess");
    const { cart } = await client.data(CART);
    expect(cart.map((i: any) => [i.product.id, i.quantity])).toEqual([[shirt.id, 2]]);
  });

  it("login adds the guest quantities to the server cart, capped at stock", async () => {
    const a = await makeProduct(t.prisma, { stock: 5 });
    const b = await makeProduct(t.prisma, { stock: 4 });
    const client = t.client();
    await client.signUp("merge-login@example.ng", "secret-pass");
    await client.data(`mutation($id: ID!) { addToCart(productId: $id, quantity: 2) { __typename } }`, { id: a.id });
    await client.data(`mutation { logOut }`);
    await client.data(LOG_IN, {
      input: { email: "merge-login@example.ng", password: "secret-pass", guestCart: [{ productId: a.id, quantity: 4 }, { productId: b.id, quantity: 1 }] },
    });
    const { cart } = await client.data(CART);
    expect(Object.fromEntries(cart.map((i: any) => [i.product.id, i.quantity]))).toEqual({ [a.id]: 5, [b.id]: 1 });
  });
});
