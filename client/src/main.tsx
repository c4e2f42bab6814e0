import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { ApolloProvider } from "@apollo/client/react";
import { createApolloClient } from "./lib/apollo.ts";
import { AppRouter, preloadRoute } from "./app/routes.tsx";
import "./styles.css";

// The page for the address the shopper opened arrives before the first render, so it shows at
// once instead of after a "Loading..." placeholder. The first render runs as a transition, which
// React splits into short slices instead of one long task: a slow phone answers taps meanwhile.
void preloadRoute(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ApolloProvider client={createApolloClient()}>
          <AppRouter />
        </ApolloProvider>
      </StrictMode>,
    ),
  );
});
