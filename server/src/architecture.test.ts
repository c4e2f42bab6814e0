// The server's layering rules (README, "Where things live"), read from the source so that a new file
// cannot quietly break them:
// - mail/ delivers email and queues it; it never reaches up into the services (modules/);
// - a service (modules/) never depends on the API layer (graphql/): resolvers call services, not back;
// - common/ holds pure rules shared with the browser: it imports nothing from server/ or client/;
// - the environment is read in config.ts only (read once, validated, passed down). Test files are
//   exempt: they start child processes with an environment of their own. server/scripts and common/
//   are checked too.
import { importsOf, readSourceFiles, type SourceFile } from "../../tests/helpers/source-imports.ts";

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
const inMail = under("server/src/mail");
const inModules = under("server/src/modules");
const inGraphql = under("server/src/graphql");
const inCommon = under("common");
const outsideCommon = (file: string) => under("server")(file) || under("client")(file);

const ENVIRONMENT_READ = [/\bprocess\s*\.\s*env\b/, /\bprocess\s*\[\s*["'`]env["'`]\s*\]/, /\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/];

/** Every broken rule in these files, one line each ("file: what"). */
export function layeringViolations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const source of files) {
    const imports = importsOf(source);
    if (inMail(source.file)) {
      for (const target of imports.filter(inModules)) found.push(`${source.file}: mail imports the service ${target}`);
    }
    if (inModules(source.file)) {
      for (const target of imports.filter(inGraphql)) found.push(`${source.file}: a service imports the API layer ${target}`);
    }
    if (inCommon(source.file)) {
      for (const target of imports.filter(outsideCommon)) found.push(`${source.file}: common imports ${target}`);
    }
    const isTest = /\.test\.tsx?$/.test(source.file);
    if (!isTest && source.file !== "server/src/config.ts" && ENVIRONMENT_READ.some((pattern) => pattern.test(source.text))) {
      found.push(`${source.file}: reads process.env outside server/src/config.ts`);
    }
  }
  return found;
}

describe("server layering", () => {
  it("holds for the server's source", () => {
    const files = readSourceFiles(["server/src", "server/scripts", "common"], ["server/src/generated"]);
    // The walk found the layers it checks (a moved folder must not turn the rules into no-ops).
    expect(files.filter((f) => inMail(f.file)).length).toBeGreaterThan(0);
    expect(files.filter((f) => inModules(f.file)).length).toBeGreaterThan(10);
    expect(files.filter((f) => inCommon(f.file)).length).toBeGreaterThan(10);
    expect(files.some((f) => f.file === "server/src/config.ts")).toBe(true);
    expect(layeringViolations(files)).toEqual([]);
  });

  it("catches mail importing a service, static or dynamic", () => {
    expect(
      layeringViolations([
        { file: "server/src/mail/outbox.ts", text: `import { pageWindow } from "../modules/paging.ts";` },
        { file: "server/src/mail/delivery.ts", text: `const { x } = await import("../modules/errors.ts");` },
        { file: "server/src/mail/fine.ts", text: `import type { Db } from "../db/database.ts";\nimport nodemailer from "nodemailer";` },
      ]),
    ).toEqual([
      "server/src/mail/outbox.ts: mail imports the service server/src/modules/paging.ts",
      "server/src/mail/delivery.ts: mail imports the service server/src/modules/errors.ts",
    ]);
  });

  it("catches a service importing the API layer", () => {
    expect(
      layeringViolations([
        { file: "server/src/modules/orders/x.service.ts", text: `export { ownerOrAdmin } from "../../graphql/orders.ts";` },
        { file: "server/src/modules/orders/y.service.ts", text: `import type { Context } from "../../graphql/context.ts";` },
        { file: "server/src/graphql/orders.ts", text: `import { placeOrder } from "../modules/orders/place-order.service.ts";` },
      ]),
    ).toEqual([
      "server/src/modules/orders/x.service.ts: a service imports the API layer server/src/graphql/orders.ts",
      "server/src/modules/orders/y.service.ts: a service imports the API layer server/src/graphql/context.ts",
    ]);
  });

  it("catches common/ importing server or client code", () => {
    expect(
      layeringViolations([
        { file: "common/pricing.ts", text: `import { discounted } from "../server/src/modules/catalog/discount.ts";` },
        { file: "common/routes.ts", text: `import { Price } from "../client/src/ui/Price.tsx";` },
        { file: "common/naira.ts", text: `import { isUuid } from "./uuid.ts";` },
      ]),
    ).toEqual([
      "common/pricing.ts: common imports server/src/modules/catalog/discount.ts",
      "common/routes.ts: common imports client/src/ui/Price.tsx",
    ]);
  });

  it("catches the environment read outside config.ts, however it is spelled", () => {
    expect(
      layeringViolations([
        { file: "server/src/logger.ts", text: `if (process.env.LOG_LEVEL === "silent") return;` },
        { file: "server/src/a.ts", text: `const level = process["env"]["LOG_LEVEL"];` },
        { file: "server/src/b.ts", text: `const { env } = process;` },
        { file: "server/scripts/seed.ts", text: `const url = process . env.DATABASE_URL;` },
        { file: "server/src/config.ts", text: `export function loadConfig(env = process.env) {}` },
        { file: "server/src/config.test.ts", text: `spawn("node", [], { env: { ...process.env } });` },
      ]),
    ).toEqual([
      "server/src/logger.ts: reads process.env outside server/src/config.ts",
      "server/src/a.ts: reads process.env outside server/src/config.ts",
      "server/src/b.ts: reads process.env outside server/src/config.ts",
      "server/scripts/seed.ts: reads process.env outside server/src/config.ts",
    ]);
  });
});
