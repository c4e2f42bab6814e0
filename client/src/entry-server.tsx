// The server renderer of the browsing pages (docs/decisions/019-server-rendering.md), built by
// `vite build --ssr` into dist/server and imported by server/src/http/server-render.ts. It renders
// the same routes as the browser, for an anonymous visitor, with Apollo executing the page's
// queries inside the server (the `execute` it is handed), and returns the HTML, the Apollo cache
// for the browser to start from, and what the page said about itself (head, 404, redirect).
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter, useRoutes, type RouteObject } from "react-router-dom";
import { ApolloLink, type NormalizedCacheObject } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { Observable } from "rxjs";
import type { DocumentNode, FormattedExecutionResult } from "graphql";
import { createApolloClient } from "./lib/apollo.ts";
import { AppRoutes, pageModuleOf, preloadRoute } from "./app/routes.tsx";
import { Layout } from "./app/Layout.tsx";
import { ShellPage } from "./app/ShellPage.tsx";
import { ServerPageContext, type PageMeta, type ServerPage } from "./lib/page-meta.ts";
import { setStoreSettings } from "./lib/store-settings.ts";
import { SaveDataContext } from "./lib/save-data.ts";
import { PAGE_MODULE_PATHS } from "./app/page-module-paths.ts";
import type { PageStoreSettings } from "../../common/store-settings.ts";

export type { PageMeta };

export type Execute = (operation: { query: DocumentNode; variables: Record<string, unknown>; operationName: string | undefined }) => Promise<FormattedExecutionResult>;

export interface RenderOptions {
  /** Path and query of the page, e.g. "/products?category=ladies". */
  url: string;
  settings: PageStoreSettings;
  /** The visitor asked to save data (Save-Data: on): smaller pictures (client/src/lib/save-data.ts). */
  saveData?: boolean;
  execute: Execute;
  /** A personal page: its shell only (app/ShellPage.tsx), not its contents. */
  shell?: boolean;
  /** Stops rendering (e.g. a time limit); the render then rejects. */
  signal?: AbortSignal;
}

export interface RenderResult {
  /** The markup inside <div id="root">. */
  html: string;
  /** The Apollo cache after the render, for the page's JSON data block. */
  state: NormalizedCacheObject;
  meta: PageMeta | null;
  redirect: string | null;
  /** The page module shown, by its path in the client build's manifest (its chunk is preloaded). */
  pageModule: string | null;
}

/** Runs each operation through `execute`: no HTTP, no cookies, so nothing personal can be read. */
function executeLink(execute: Execute): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        execute({ query: operation.query, variables: operation.variables, operationName: operation.operationName }).then(
          (result) => {
            observer.next(result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

function pageModulePath(pathname: string): string | null {
  const name = pageModuleOf(pathname);
  return name ? PAGE_MODULE_PATHS[name] : null;
}

const shellRoutes: RouteObject[] = [{ element: <Layout />, children: [{ path: "*", element: <ShellPage /> }] }];
function ShellRoutes() {
  return useRoutes(shellRoutes);
}

export async function render({ url, settings, saveData = false, execute, signal, shell = false }: RenderOptions): Promise<RenderResult> {
  setStoreSettings(settings);
  const { pathname } = new URL(url, "http://page.invalid");
  if (!shell) await preloadRoute(pathname);
  const client = createApolloClient({ link: executeLink(execute), ssrMode: true });
  const page: ServerPage = { meta: null, redirect: null };
  const tree = (
    <ServerPageContext.Provider value={page}>
      <SaveDataContext.Provider value={saveData}>
        <ApolloProvider client={client}>
          <StaticRouter location={url}>
            {shell ? <ShellRoutes /> : <AppRoutes />}
          </StaticRouter>
        </ApolloProvider>
      </SaveDataContext.Provider>
    </ServerPageContext.Provider>
  );
  // Renders until no query is waiting (a page asks for its data in one query, so twice), each
  // time with every Suspense boundary resolved: the markup is complete and hydratable.
  const { result } = await prerenderStatic({
    tree,
    signal,
    maxRerenders: 5,
    // Infinity: React would otherwise move large finished sections to the end of the HTML and put
    // them back with inline scripts, which the Content-Security-Policy refuses (and which need
    // JavaScript); in one piece the page reads top to bottom without any script.
    renderFunction: (node) => prerenderToNodeStream(node, { signal, progressiveChunkSize: Number.POSITIVE_INFINITY }),
  });
  return { html: result, state: client.cache.extract() as NormalizedCacheObject, meta: page.meta, redirect: page.redirect, pageModule: pageModulePath(pathname) };
}
