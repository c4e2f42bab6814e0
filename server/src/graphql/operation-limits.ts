// Limits on the size of one GraphQL operation, enforced once per request before any resolver runs.
// The complexity plugin alone checks inside each root field's resolver, so an operation with 3,000
// aliased root fields got 3,000 separate errors; here the whole operation is measured once and
// refused with one error.
import { GraphQLError, Kind, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import { complexityFromQuery } from "@pothos/plugin-complexity";
import { COMPLEXITY_LIMITS } from "./builder.ts";

/** Parser limit: the largest page document is well under 1,000 tokens. */
export const MAX_TOKENS = 5_000;

export function operationLimitsPlugin<T extends object>(schema: GraphQLSchema): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request, contextValue }) {
          if (!operation) return;
          const over = operationLimitProblem(schema, document, operation, request.variables ?? {}, contextValue);
          if (over) throw new GraphQLError(over, { extensions: { code: "QUERY_TOO_COMPLEX", http: { status: 400 } } });
        },
      };
    },
  };
}

/** Why this operation is over the limits, as the shopper is told; null when it is within them (or
 *  its variables are bad: execution reports those as BAD_USER_INPUT). */
export function operationLimitProblem(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>, context: object): string | null {
  // The operation that will run, with the fragments it may use (the helper measures the first operation).
  const fragments = document.definitions.filter((def) => def.kind === Kind.FRAGMENT_DEFINITION);
  const chosen: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] };
  let measured;
  try {
    measured = complexityFromQuery(chosen, { schema, ctx: context, variables });
  } catch {
    return null;
  }
  const { complexity, depth, breadth } = measured;
  const over =
    depth > COMPLEXITY_LIMITS.depth ? `is nested too deeply (depth ${depth}, at most ${COMPLEXITY_LIMITS.depth})`
    : breadth > COMPLEXITY_LIMITS.breadth ? `asks for too many fields at once (${breadth}, at most ${COMPLEXITY_LIMITS.breadth})`
    : complexity > COMPLEXITY_LIMITS.complexity ? `is too complex (${complexity}, at most ${COMPLEXITY_LIMITS.complexity})`
    : null;
  return over && `This request ${over}. Split it into smaller requests.`;
}
