import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { POSSIBLE_TYPES } from "./possible-types.ts";

export function createApolloClient() {
  return new ApolloClient({
    link: new HttpLink({ uri: "/graphql", credentials: "same-origin" }),
    cache: new InMemoryCache({
      possibleTypes: POSSIBLE_TYPES,
      typePolicies: {
        // Viewer is a singleton per session.
        Viewer: { keyFields: [] },
      },
    }),
  });
}
