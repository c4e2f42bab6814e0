import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApolloProvider } from "@apollo/client/react";
import { createApolloClient } from "./lib/apollo.ts";
import { AppRouter, preloadRoute } from "./app/routes.tsx";
import "./styles.css";

// The page for the address the shopper opened arrives before the first render, so it shows at
// once instead of after a "Loading..." placeholder.
void preloadRoute(window.location.pathname).then(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <ApolloProvider client={createApolloClient()}>
        <AppRouter />
      </ApolloProvider>
    </StrictMode>,
  );
});
