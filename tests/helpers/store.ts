// A real store for a test file: its own database, migrations, optional demo seed, real HTTP on a
// free port. Tests talk to it only over HTTP (and read the database to check effects).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../../server/src/config.ts";
import { startStore, type RunningStore } from "../../server/src/server.ts";
import { createTestDatabase } from "./databases.ts";
import { openDatabase, type Db } from "../../server/src/db/database.ts";

export const ADMIN_EMAIL = "admin@test.local";
export const ADMIN_PASSWORD = "admin-password-1";

export interface TestStore {
  url: string;
  prisma: Db;
  config: Config;
  store: RunningStore;
  /** This test's PostgreSQL database (null on the embedded one). */
  databaseUrl: string | null;
  /** SQL statements Prisma sent since the last reset (for N+1 checks). */
  queries: string[];
  /** A browser-like client; headers (e.g. X-Forwarded-For with TRUST_PROXY) go with every request. */
  client(headers?: Record<string, string>): GraphQLClient;
  /** A client signed in as the seeded admin. */
  admin(): Promise<GraphQLClient>;
  close(): Promise<void>;
}

export interface StartOptions {
  seed?: boolean;
  env?: Record<string, string>;
}

export async function startTestStore(options: StartOptions = {}): Promise<TestStore> {
  const queries: string[] = [];
  const testDb = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: options.seed === false ? "false" : "true",
    // Tests that count the demo catalogue expect no hidden drop in it; drop tests turn it on.
    SEED_DEMO_DROP: "false",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    // Node's fetch keeps a connection until a second before the server's keep-alive ends (the
    // Keep-Alive header's hint). On a loaded machine its timer fires late, so at the production 8 s
    // it now and then sent a request on a connection the store was closing: "fetch failed
    // (ECONNRESET)" (CI of eba76ee, 28 Nov 2026). Half a minute leaves a test's idle connections far
    // from that edge; the drills of keep-alive itself set their own (tests/faults/shutdown.test.ts).
    KEEP_ALIVE_TIMEOUT_MS: "30000",
    SHUTDOWN_TIMEOUT_MS: "35000",
    // Lets parallel work build the client into its own folder (npm run build empties dist/client).
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    ...options.env,
  });
  const store = await startStore(config, { db: testDb.db }).catch(async (error: unknown) => {
    // A store that could not start (a test of start-up errors) leaves no database behind.
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const url = store.url;
  // Tests write straight to the database and then ask over HTTP: wait until the store has heard
  // those writes (the cache drops stale answers within milliseconds, not before the next line).
  const settle = async () => void (await store.catalogue.sync());
  return {
    url,
    prisma: testDb.db.prisma,
    config,
    store,
    databaseUrl: testDb.url,
    queries,
    client: (headers) => new GraphQLClient(url, headers, settle),
    async admin() {
      const client = new GraphQLClient(url, {}, settle);
      await client.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      return client;
    },
    async close() {
      await closeStoreNow(store);
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Closes a store started in this process at once. Its drain keeps idle keep-alive connections open
 *  until their clients close them (server.ts, for the balancer in front); a test has no balancer,
 *  and its HTTP clients would hold them for seconds. */
export async function closeStoreNow(store: RunningStore): Promise<void> {
  const idle = setInterval(() => store.server.closeIdleConnections(), 20);
  try {
    await store.close();
  } finally {
    clearInterval(idle);
  }
}

export interface GraphQLResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A browser-like GraphQL client: keeps its session cookie between calls. */
export class GraphQLClient {
  cookie: string | null = null;
  /** HTTP status of the last response. */
  lastStatus = 0;
  constructor(
    readonly url: string,
    readonly headers: Record<string, string> = {},
    private readonly beforeRequest: () => Promise<void> = async () => undefined,
  ) {}

  async request<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
    await this.beforeRequest();
    const res = await fetch(`${this.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...this.headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    this.lastStatus = res.status;
    const setCookie = res.headers.getSetCookie();
    for (const header of setCookie) {
      const [pair] = header.split(";");
      // The session cookie only: its readable companion (signed-in) is for the page's scripts.
      if (!/^(__Host-)?session=/.test(header)) continue;
      if (/Max-Age=0/i.test(header)) this.cookie = null;
      else this.cookie = pair ?? null;
    }
    // A refusal before GraphQL (e.g. 413 for a body over the limit) is not JSON: report it as an error.
    if (!(res.headers.get("content-type") ?? "").includes("json")) {
      return { errors: [{ message: (await res.text()).slice(0, 200), extensions: { code: `HTTP_${res.status}` } }] };
    }
    return (await res.json()) as GraphQLResponse<T>;
  }

  /** Like request, but fails the test on any GraphQL error. */
  async data<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await this.request<T>(query, variables);
    if (res.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors)}`);
    return res.data as T;
  }

  async logIn(email: string, password: string) {
    const data = await this.data(
      `mutation($input: LogInInput!) { logIn(input: $input) { __typename ... on Error { message } } }`,
      { input: { email, password } },
    );
    if (data.logIn.__typename !== "MutationLogInSuccess") throw new Error(`logIn failed: ${data.logIn.message}`);
  }

  async signUp(email: string, password = "secret-pass-1", fullName = "Ada Obi") {
    const data = await this.data(
      `mutation($input: SignUpInput!) { signUp(input: $input) { __typename ... on Error { message } } }`,
      { input: { email, password, confirmPassword: password, fullName } },
    );
    if (data.signUp.__typename !== "MutationSignUpSuccess") throw new Error(`signUp failed: ${data.signUp.message}`);
  }
}

/** A second server instance on the same PostgreSQL database (as behind a load balancer). */
export async function startPeerStore(first: TestStore): Promise<{ url: string; client(): GraphQLClient; close(): Promise<void> }> {
  if (!first.databaseUrl) throw new Error("startPeerStore needs PostgreSQL: PGlite belongs to one process");
  const db = await openDatabase({ databaseUrl: first.databaseUrl, dataDir: null });
  const store = await startStore({ ...first.config, port: 0 }, { db });
  return {
    url: store.url,
    client: () => new GraphQLClient(store.url),
    async close() {
      await closeStoreNow(store);
      await db.close();
    },
  };
}

/** The statements a request ran, from a store's `queries`: without transaction control and without
 *  what runs beside requests and may land while one is measured: the drop clock's read of the next
 *  drop time after a catalogue change (decision 020), the stock board's read of the values a sale
 *  changed (decision 026), and the scheduled jobs and mail delivery, each of which starts by
 *  claiming its rows with FOR UPDATE SKIP LOCKED (nothing more when none is due). */
export function requestStatements(queries: string[]): string[] {
  return queries.filter(
    (sql) =>
      !/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql.trim()) && !/min\(goes_live_at\)/i.test(sql) && !/SKIP LOCKED/i.test(sql) && !sql.includes("/* stock board */"),
  );
}

/** The statements of the cheapest of `tries` runs of `send` (each run must miss every cache, e.g.
 *  under a new alias). One process logs every statement, so one run can catch work that is not the
 *  request's (a reload after a catalogue change, a timer) on a loaded machine; the request's own
 *  cost is the same in every run, so the fewest is it, and a request that costs more always shows. */
export async function fewestStatements(store: TestStore, send: (run: number) => Promise<unknown>, tries = 3): Promise<string[]> {
  let fewest: string[] | null = null;
  for (let run = 0; run < tries; run++) {
    store.queries.length = 0;
    await send(run);
    const statements = requestStatements(store.queries);
    if (!fewest || statements.length < fewest.length) fewest = statements;
  }
  return fewest!;
}
