// Every id in the store is a PostgreSQL UUID. Anything else is answered "not found" (or refused)
// before it reaches the database, whose ::uuid cast would otherwise fail as an internal error.
// The one place the pattern is written (common/rules.test.ts fails if it appears elsewhere).
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
