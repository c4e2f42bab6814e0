// The one input boundary: every string a client sends (variables, inline literals, nested in input
// objects and lists) is checked once, after the operation is resolved and before any resolver runs.
// Text the database cannot store (NUL), broken UTF-16 (lone surrogates), invisible control
// characters and absurd lengths are refused as BAD_USER_INPUT with a message a shopper understands,
// instead of surfacing later as a database error ("Something went wrong").
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";

/** Generous: far above every field's own limit (product descriptions: 5,000), below the 100 KB body limit. */
export const MAX_TEXT_LENGTH = 20_000;
export const UNACCEPTABLE_TEXT = "Some text contains characters we cannot accept. Please remove them and try again.";
export const TEXT_TOO_LONG = `Some text is too long (at most ${MAX_TEXT_LENGTH.toLocaleString("en")} characters). Please shorten it and try again.`;

// C0 controls except tab, line feed and carriage return (multi-line fields such as descriptions and
// addresses need those; single-line fields trim or validate them in their service), and DEL.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem with one string, or null when it is acceptable text. */
export function textProblem(value: string): string | null {
  if (value.length > MAX_TEXT_LENGTH) return TEXT_TOO_LONG;
  if (CONTROL.test(value) || LONE_SURROGATE.test(value)) return UNACCEPTABLE_TEXT;
  return null;
}

/** First problem in any string nested anywhere in a JSON value (variables). */
export function problemInValue(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return textProblem(value);
  if (depth > 20 || value === null || typeof value !== "object") return null;
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  for (const item of items) {
    const problem = problemInValue(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Per parsed document: Apollo's document store hands every request of the same operation the same
 *  DocumentNode, so a checkout's document is walked once, not on every order (decision 026). */
const documentProblems = new WeakMap<DocumentNode, string | null>();

/** First problem in any string literal written inline in the document. */
export function problemInDocument(document: DocumentNode): string | null {
  let problem = documentProblems.get(document);
  if (problem === undefined) documentProblems.set(document, (problem = findProblemInDocument(document)));
  return problem;
}

function findProblemInDocument(document: DocumentNode): string | null {
  let problem: string | null = null;
  visit(document, {
    StringValue(node) {
      problem ??= textProblem(node.value);
    },
    [Kind.ARGUMENT]: () => (problem ? false : undefined),
  });
  return problem;
}

export function inputBoundaryPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const problem = problemInValue(request.variables ?? {}) ?? problemInDocument(document);
          if (problem) {
            throw new GraphQLError(problem, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
          }
        },
      };
    },
  };
}
