import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

export function createApolloClient() {
  return new ApolloClient({
    link: new HttpLink({ uri: "/graphql", credentials: "same-origin" }),
    cache: new InMemoryCache({
      // Lets `... on Error { message }` match the typed error results (keep in step with graphql/errors.ts).
      possibleTypes: { Error: ["ValidationError", "NotFoundError", "InsufficientStockError", "RateLimitError"] },
      typePolicies: {
        // Viewer is a singleton per session.
        Viewer: { keyFields: [] },
      },
    }),
  });
}
