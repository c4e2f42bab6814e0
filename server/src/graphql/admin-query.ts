// Pothos hands a mutation resolver `{ select: {} }` when the client selected only __typename on
// the result union; Prisma rejects an empty select, so drop it (Prisma then returns every scalar).
export function nonEmptyQuery<T extends object>(query: T): T {
  const select = (query as { select?: object }).select;
  if (select && Object.keys(select).length === 0) {
    const { select: _empty, ...rest } = query as T & { select?: object };
    return rest as T;
  }
  return query;
}
