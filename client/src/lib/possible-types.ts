// Interfaces and their implementations, so Apollo's cache matches `... on Error { message }` on the
// typed error results. A test compares this with schema.graphql.
export const POSSIBLE_TYPES = {
  Error: ["InsufficientStockError", "NotFoundError", "RateLimitError", "UnpaidOrderError", "ValidationError"],
};
