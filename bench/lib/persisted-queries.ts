// The app's queries as its client sends them: a GET naming a persisted document by id
// (client/src/gql/persisted-documents.json), answered by the HTTP answer cache (decision 018).
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";

const documents = loadTrustedDocuments();

export function documentId(operationName: string): string {
  for (const [id, text] of documents) if (new RegExp(`\\bquery ${operationName}\\b`).test(text)) return id;
  throw new Error(`No persisted document ${operationName}: run npm run codegen`);
}

/** Path and query string of the GET for one operation with its variables. */
export function byId(operationName: string, variables: Record<string, unknown>): string {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: documentId(operationName) } }),
  });
  return `/graphql?${params}`;
}
