// Which failures count as "the database is unavailable" (retryable, 503) and which stay bugs or
// rule violations. Real driver errors where the machine can produce them; the rest in the exact
// shapes node-postgres and Prisma's driver adapter give them (seen in the fault drills).
import pg from "pg";
import { GraphQLError } from "graphql";
import { isDatabaseUnavailable } from "./unavailable.ts";
import { ValidationError } from "../modules/errors.ts";
import { Prisma } from "../generated/prisma/client.ts";

function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: "FATAL" });
}

describe("isDatabaseUnavailable", () => {
  it("recognises a real refused connection and a real pool wait that timed out", async () => {
    const refused = new pg.Client({ connectionString: "postgresql://nobody@127.0.0.1:1/db" });
    const error = await refused.connect().then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);

    const pool = new pg.Pool({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres", max: 1, connectionTimeoutMillis: 30_000 });
    const held = await pool.connect();
    // Only the wait for the one (held) connection is short; pg-pool reads the option per call.
    pool.options.connectionTimeoutMillis = 50;
    const waited = await pool.connect().then((c) => (c.release(), null), (e: unknown) => e);
    expect(waited).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(waited)).toBe(true);
    held.release();
    await pool.end();
  });

  it.each([
    ["a terminated backend (57P01) wrapped by the driver adapter", { name: "DriverAdapterError", cause: { kind: "postgres", code: "57P01", message: "terminating connection due to administrator command" } }],
    ["a query on a client whose connection broke", new Error("Client has encountered a connection error and is not queryable")],
    ["a connection closed under a query", new Error("Connection terminated unexpectedly")],
    ["a database refusing connections", pgError("55000", 'database "shop" is not currently accepting connections')],
    ["a server shutting down", pgError("57P03", "the database system is shutting down")],
    ["too many connections", pgError("53300", "sorry, too many clients already")],
    ["Prisma: can't reach the server", new Prisma.PrismaClientKnownRequestError("Can't reach database server", { code: "P1001", clientVersion: "6" })],
    ["Prisma: server closed the connection", new Prisma.PrismaClientKnownRequestError("Server has closed the connection.", { code: "P1017", clientVersion: "6" })],
    ["a GraphQL error wrapping a lost connection", new GraphQLError("x", { originalError: new Error("Connection terminated unexpectedly") })],
  ])("yes: %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a shop rule", new ValidationError("Enter your phone number", "phone")],
    ["a unique violation", new Prisma.PrismaClientKnownRequestError("Unique constraint failed", { code: "P2002", clientVersion: "6" })],
    ["a syntax error", pgError("42601", 'syntax error at or near "SELEC"')],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a GraphQL validation error", new GraphQLError("Cannot query field")],
    ["nothing", undefined],
  ])("no: %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
