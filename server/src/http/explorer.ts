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
        res.status(403).type("text").send("The API explorer is for admins: sign in as an admin on this site, then open /graphql again.");
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
