// The API explorer: GraphiQL, built with the app (client/explorer), served to browsers that open
// /graphql. Outside production anyone may use it; in production only signed-in admins, who explore
// with their own session (introspection is theirs alone there, see introspectionForAdminsOnly).
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { NoSchemaIntrospectionCustomRule, validate, GraphQLError, type DocumentNode, type GraphQLSchema } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Context } from "../graphql/context.ts";
import { sessionCookies } from "../auth/cookies.ts";
import { validateSessionToken } from "../auth/session.ts";

/** Monaco (the editor) styles itself with inline styles and runs language services in workers. */
const EXPLORER_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function explorerDir(config: Config): string {
  return path.resolve(config.clientDir, "../explorer");
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The explorer's page for someone who is not a signed-in admin. */
function refusedPage(storeName: string): string {
  const name = escapeHtml(storeName);
  return `<!doctype html>
<html lang="en-NG">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>API explorer | ${name}</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1f1d}a{color:#1f5f4a;font-weight:600}</style>
  </head>
  <body>
    <main>
      <h1>API explorer</h1>
      <p>The API explorer is for admins: sign in as an admin on this site, then open /graphql again.</p>
      <p><a href="/auth">Sign in</a> · <a href="/">Back to ${name}</a></p>
    </main>
  </body>
</html>`;
}

/** GET /graphql from a browser (Accept: text/html) gets the explorer; everything else goes on to the API. */
export function explorerRoutes(config: Config, prisma: Db): Router {
  const dir = explorerDir(config);
  const router = express.Router();
  router.use("/explorer/assets", express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  const page: RequestHandler = async (req, res, next) => {
    if (req.accepts(["application/json", "text/html"]) !== "text/html") return next();
    res.setHeader("Content-Security-Policy", EXPLORER_POLICY);
    res.setHeader("Cache-Control", "no-store");
    if (config.env === "production") {
      const token = sessionCookies(req, res, true).read();
      const session = token ? await validateSessionToken(prisma, token) : null;
      if (!session?.viewer.isAdmin) {
        // A page, not bare text (issue 26): a browser shows it with the way to sign in.
        res.status(403).type("html").send(refusedPage(config.store.name));
        return;
      }
    }
    const file = path.join(dir, "index.html");
    if (!fs.existsSync(file)) {
      res.status(503).type("text").send("The API explorer is not built: run `npm run build`.");
      return;
    }
    res.type("html").send(fs.readFileSync(file, "utf8"));
  };
  router.get("/graphql", page);
  return router;
}

/** In production the schema is shown only to admins: anyone else's `__schema`/`__type` is refused. */
export function introspectionForAdminsOnly(config: Config, schema: GraphQLSchema): ApolloServerPlugin<Context> {
  // Apollo keeps one parsed document per query text, so the answer is worked out once per document.
  const introspects = new WeakMap<DocumentNode, boolean>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (config.env !== "production" || contextValue.viewer?.isAdmin) return;
          if (!introspects.has(document)) introspects.set(document, validate(schema, document, [NoSchemaIntrospectionCustomRule]).length > 0);
          if (introspects.get(document)) throw new GraphQLError("Schema introspection is only for signed-in admins", { extensions: { code: "FORBIDDEN", http: { status: 403 } } });
        },
      };
    },
  };
}
