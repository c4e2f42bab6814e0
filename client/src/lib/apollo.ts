import { ApolloClient, InMemoryCache } from "@apollo/client";
// BaseHttpLink is HttpLink without the client-awareness link, which only adds Apollo's client
// name/version headers and extensions for Apollo Studio (unused here): less JavaScript per page.
import { BaseHttpLink } from "@apollo/client/link/http";
import { POSSIBLE_TYPES } from "./possible-types.ts";

export function createApolloClient() {
  return new ApolloClient({
    link: new BaseHttpLink({ uri: "/graphql", credentials: "same-origin" }),
    cache: new InMemoryCache({
      possibleTypes: POSSIBLE_TYPES,
      typePolicies: {
        // Viewer is a singleton per session.
        Viewer: { keyFields: [] },
      },
    }),
  });
}
