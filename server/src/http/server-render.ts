// Runs the client's server renderer (client/src/entry-server.tsx, built by `vite build --ssr` into
// dist/server) for the browsing pages (docs/decisions/019-server-rendering.md). Its queries run
// inside this process through Apollo Server's own pipeline (executeOperation): the same schema,
// plugins and shared response cache as GET /graphql, without an HTTP round trip to ourselves. The
// context is always an anonymous visitor and only public catalogue queries are executed, so the
// HTML is the same for everyone (cacheable) and never carries a session.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Request, Response } from "express";
import type { ApolloServer } from "@apollo/server";
import type { DocumentNode, FormattedExecutionResult, GraphQLFormattedError } from "graphql";
import type { Config } from "../config.ts";
import type { Db, InTransaction, SqlRunner } from "../db/database.ts";
import type { Context } from "../graphql/context.ts";
import type { CatalogueMemo } from "../cache/catalogue-memo.ts";
import type { SessionCookies } from "../auth/cookies.ts";
import { PUBLIC_QUERY_FIELDS } from "../../../common/public-queries.ts";
import { asksToSaveData } from "../../../common/images.ts";
// Types only: the module itself is the built file, loaded at run time.
import type { RenderOptions, RenderResult } from "../../../client/src/entry-server.tsx";
import { offeredPaymentMethods } from "../modules/payments/providers/select.ts";

interface EntryServer {
  render(options: RenderOptions): Promise<RenderResult>;
}

export interface ServerRender extends RenderResult {
  /** Errors the page's queries answered (then the HTML shows an error state, not the page). */
  errors: GraphQLFormattedError[];
}

export interface PageRenderer {
  /** False when dist/server has not been built. */
  available(): boolean;
  /** `shell`: a personal page, rendered as its shell only (client/src/app/ShellPage.tsx). */
  render(url: string, req: Request, res: Response, options?: { shell?: boolean }): Promise<ServerRender>;
}

/** The anonymous visitor's cookies: none read, none written. */
const NO_SESSION: SessionCookies = { read: () => null, set: () => undefined, clear: () => undefined };

/** What a personal page's shell may read besides: the tracker's status history (statuses and times
 *  only, public to anyone holding the reference, not kept by shared caches). */
const SHELL_QUERY_FIELDS: readonly string[] = [...PUBLIC_QUERY_FIELDS, "orderStatusHistory"];

/** Whether every root field of the document is public catalogue data (common/public-queries.ts). */
function isPublicQuery(document: DocumentNode, fields = PUBLIC_QUERY_FIELDS): boolean {
  return document.definitions.every(
    (definition) =>
      definition.kind === "FragmentDefinition" ||
      (definition.kind === "OperationDefinition" &&
        definition.operation === "query" &&
        definition.selectionSet.selections.every((s) => s.kind === "Field" && (s.name.value === "__typename" || fields.includes(s.name.value)))),
  );
}

export function pageRenderer(options: { config: Config; prisma: Db; sql: SqlRunner; transaction: InTransaction; apollo: ApolloServer<Context>; catalogueMemo: CatalogueMemo }): PageRenderer {
  const { config, prisma, apollo, catalogueMemo } = options;
  const entryPath = path.resolve(config.clientDir, "../server/entry-server.js");
  let entry: Promise<EntryServer> | null = null;
  const settings = { ...config.store, publicUrl: config.publicUrl, paymentMethods: offeredPaymentMethods(config), orderUpdates: Boolean(config.whatsapp || config.termii) };
  return {
    available: () => fs.existsSync(entryPath),
    async render(url, req, res, { shell = false } = {}) {
      entry ??= import(pathToFileURL(entryPath).href) as Promise<EntryServer>;
      const { render } = await entry;
      const contextValue: Context = { prisma, sql: options.sql, transaction: options.transaction, config, viewer: null, cookies: NO_SESSION, ip: req.ip ?? "unknown", orderGrants: new Set(), catalogueMemo, req, res };
      const errors: GraphQLFormattedError[] = [];
      const result = await render({
        url,
        settings,
        saveData: asksToSaveData(req.get("save-data")),
        shell,
        async execute({ query, variables, operationName }): Promise<FormattedExecutionResult> {
          if (!isPublicQuery(query, shell ? SHELL_QUERY_FIELDS : PUBLIC_QUERY_FIELDS)) {
            const message = `The server renderer reads public catalogue data only, not ${operationName ?? "an operation"}`;
            errors.push({ message });
            throw new Error(message);
          }
          const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue });
          if (response.body.kind !== "single") throw new Error("Incremental delivery is not used by server rendering");
          const answer = response.body.singleResult;
          if (answer.errors?.length) errors.push(...answer.errors);
          return answer;
        },
        signal: AbortSignal.timeout(15_000),
      });
      return { ...result, errors };
    },
  };
}
