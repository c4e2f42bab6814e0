// Expected failures come back as data, not as GraphQL errors: a mutation (or a guarded query)
// answers either its success type or one of the types implementing the schema's `Error` interface
// (server/src/graphql/errors.ts), selected with `__typename` and `... on Error { message }`. These
// two helpers are the one way the client tells them apart: by `__typename`, against the list the
// Apollo cache already uses (possible-types.ts, checked against schema.graphql by a test).
import { POSSIBLE_TYPES } from "./possible-types.ts";

type Answer = { __typename?: string } | null | undefined;
type ErrorAnswer = { __typename: string; message: string };

/** The answer is one of the typed errors (it carries a message meant for the person). */
export function isErrorResult<R extends Answer>(result: R): result is Extract<R, ErrorAnswer> {
  return !!result?.__typename && POSSIBLE_TYPES.Error.includes(result.__typename);
}

/** The message to show for an answer that was not a success: the error's own message, or the
 *  fallback when there was no answer at all. */
export function resultError(result: ErrorAnswer | Answer, fallback: string): string {
  return isErrorResult(result) ? result.message : fallback;
}
