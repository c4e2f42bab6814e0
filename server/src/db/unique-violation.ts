// A unique constraint refused a write. Prisma reports it as P2002 over PostgreSQL; the PGlite
// adapter (pglite-prisma-adapter 0.6) passes PostgreSQL's own SQLSTATE 23505 through as the
// error's cause instead; a statement on the driver itself (database.ts `sql`, `transaction`)
// throws the driver's error, which carries it as its own code. Services that turn a duplicate into a rule message ask here, so both
// databases give the same answer.
import { Prisma } from "../generated/prisma/client.ts";

const camel = (column: string) => column.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

/** True when `error` is a unique violation (on `column`, snake_case, when given). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const known = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002" ? error : null;
  const cause = (error as { cause?: { code?: unknown; kind?: unknown } } | null)?.cause;
  const fromAdapter = cause?.code === "23505" || cause?.kind === "UniqueConstraintViolation";
  const fromDriver = (error as { code?: unknown } | null)?.code === "23505" ? error : null;
  if (!known && !fromAdapter && !fromDriver) return false;
  if (!column) return true;
  // Adapters name the constraint or its columns in different shapes; the column is in all of them.
  const text = JSON.stringify(known?.meta ?? (fromAdapter ? cause : fromDriver) ?? {}) + String((error as Error).message);
  return text.includes(column) || text.includes(camel(column));
}
