// The API explorer at /graphql: GraphiQL bundled with the app (no CDN), so it works on a machine
// without internet. It sends the browser's session cookie, so a signed-in admin explores as admin.
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import "./explorer.css";
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { EXAMPLE_OPERATIONS } from "./examples.ts";

const sendToServer = createGraphiQLFetcher({ url: "/graphql", fetch: (input, init) => fetch(input, { ...init, credentials: "same-origin" }) });

/** GraphiQL 5 keeps the previous tab's operation name after a tab switch (graphql/graphiql#3632),
 *  which the server rightly refuses ("Unknown operation named …"): send only a name the document has. */
const fetcher: Fetcher = (params, options) => {
  const name = params.operationName;
  const named = name && new RegExp(`\\b(query|mutation|subscription)\\s+${name}\\b`).test(params.query);
  return sendToServer(name && !named ? { ...params, operationName: null } : params, options);
};

const defaultTabs = EXAMPLE_OPERATIONS.map((example) => ({ query: example.query }));

// No StrictMode: its double mount leaves GraphiQL's Monaco editors attached to the discarded
// instance (tabs switch but the editors keep the first tab's text).
createRoot(document.getElementById("explorer")!).render(
  <GraphiQL fetcher={fetcher} defaultTabs={defaultTabs} />,
);
