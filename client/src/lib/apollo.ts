import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject } from "@apollo/client";
// BaseHttpLink is HttpLink without the client-awareness link, which only adds Apollo's client
// name/version headers and extensions for Apollo Studio (unused here): less JavaScript per page.
import { BaseHttpLink } from "@apollo/client/link/http";
import { POSSIBLE_TYPES } from "./possible-types.ts";

/** A query codegen gave an id (document.__meta__.hash) goes by GET with only that id, so the
 *  browser and a CDN can cache the answer; the server knows the document (trusted documents).
 *  The header satisfies Apollo Server's CSRF rule for GET. */
const byId = new ApolloLink((operation, forward) => {
  const hash = (operation.query as { __meta__?: { hash?: string } }).__meta__?.hash;
  if (hash && operation.operationType === "query") {
    operation.extensions.persistedQuery = { version: 1, sha256Hash: hash };
    operation.setContext({
      http: { includeQuery: false, includeExtensions: true },
      fetchOptions: { method: "GET" },
      headers: { "apollo-require-preflight": "1" },
    });
  }
  return forward(operation);
});

export interface ApolloClientOptions {
  /** The server renderer's link (executes inside the server); the browser's default goes over HTTP. */
  link?: ApolloLink;
  /** The cache a server render left in the page: the browser starts with the same data. */
  state?: NormalizedCacheObject | null;
  ssrMode?: boolean;
}

export function createApolloClient({ link, state, ssrMode = false }: ApolloClientOptions = {}) {
  const cache = new InMemoryCache({
    possibleTypes: POSSIBLE_TYPES,
    typePolicies: {
      // Viewer is a singleton per session.
      Viewer: { keyFields: [] },
      // The same order answers differently by who asks: without proof of ownership the contact
      // details and the rejection reason come back null. That reduced view (the public tracker)
      // is stored apart, so it never overwrites the full view a guest opened with reference +
      // phone (which used to lose the rejection reason a moment after showing it).
      Order: { keyFields: (order) => (order.viewerIsOwner === false ? `PublicOrder:${String(order.id)}` : `Order:${String(order.id)}`) },
    },
  });
  if (state) cache.restore(state);
  return new ApolloClient({
    link: link ?? byId.concat(new BaseHttpLink({ uri: "/graphql", credentials: "same-origin" })),
    cache,
    ssrMode,
  });
}
