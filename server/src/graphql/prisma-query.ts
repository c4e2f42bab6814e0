// Pothos hands a resolver `{ select: {} }` when the client asked only for __typename (e.g. on a
// mutation's result union); Prisma rejects an empty select, so ask for the id alone instead.
export function nonEmptySelect<Q extends object>(query: Q): Q {
  const select = (query as { select?: object }).select;
  return select && Object.keys(select).length === 0 ? ({ ...query, select: { id: true } } as Q) : query;
}
