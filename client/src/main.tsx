import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { ApolloProvider } from "@apollo/client/react";
import type { ApolloClient, NormalizedCacheObject } from "@apollo/client";
import { createApolloClient } from "./lib/apollo.ts";
import { AppRoutes, preloadRoute } from "./app/routes.tsx";
import { APOLLO_STATE_ELEMENT_ID } from "../../common/page-head.ts";
import { SaveDataContext, pageSavesData } from "./lib/save-data.ts";
import { MountedProvider } from "./lib/hydration.tsx";
import { startingCache, ViewerQuery } from "./lib/viewer.ts";
import "./styles.css";
import "./pwa/register-service-worker.ts";

// A server-rendered page (the browsing pages, decision 019) carries its Apollo cache as a JSON data
// block: the browser starts from it, so hydration shows the same data without asking for it again.
// A personal page comes as its shell only (data-shell, app/ShellPage.tsx): rendered over, not hydrated.
const stateText = document.getElementById(APOLLO_STATE_ELEMENT_ID)?.textContent;
const state = stateText ? (JSON.parse(stateText) as NormalizedCacheObject) : null;
const container = document.getElementById("root")!;

/** Ends the current task: the steps of starting the page (evaluating the scripts, the cache, the
 *  first render) run as separate tasks, so a slow phone can paint and answer a tap between them
 *  instead of being blocked for their sum. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function apolloClient(): ApolloClient {
  return createApolloClient({ state: startingCache(state) });
}

function app(apollo: ApolloClient) {
  return (
    <StrictMode>
      <MountedProvider hydrating={state !== null}>
        <SaveDataContext.Provider value={pageSavesData()}>
          <ApolloProvider client={apollo}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ApolloProvider>
        </SaveDataContext.Provider>
      </MountedProvider>
    </StrictMode>
  );
}

/** Hydrates a server-rendered page (its cache came with it), or renders a client-only page. Not
 *  top-level await: the bundler would then split modules the entry shares with pages into chunks
 *  of their own (more files, more bytes, on every route). */
async function start(): Promise<void> {
  if (state) {
    await nextTask();
    void preloadRoute(window.location.pathname); // the page's chunk, fetched beside the shell
    await nextTask();
    const apollo = apolloClient();
    await nextTask();
    // A first small cache read, in a task of its own: Apollo's first read runs its code cold
    // (compiling it), which would otherwise lengthen the page's own first read inside hydration.
    apollo.readQuery({ query: ViewerQuery });
    await nextTask();
    // Hydrated at once: the header and footer answer taps as soon as they are hydrated. The page's
    // Suspense boundary keeps the server's markup on screen until its chunk arrives; React drops a
    // tap there meanwhile, so the page's JavaScript-only buttons stay disabled until hydrated
    // (ui/ActionButton.tsx). As a transition, hydration runs in short slices instead of one long
    // task, as the client-only first render does.
    startTransition(() => {
      hydrateRoot(container, app(apollo));
    });
  } else {
    // The page for the address the shopper opened arrives before the first render, so it shows at
    // once instead of after a "Loading..." placeholder. The first render runs as a transition, which
    // React splits into short slices instead of one long task: a slow phone answers taps meanwhile.
    const apollo = apolloClient();
    await preloadRoute(window.location.pathname);
    startTransition(() => createRoot(container).render(app(apollo)));
  }
}

void start();
