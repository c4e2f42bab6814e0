import fs from "node:fs";
import path from "node:path";
import { printedSchema } from "../../scripts/print-schema.ts";
import { PROJECT_ROOT } from "../config.ts";

it("schema.graphql is the printed Pothos schema (run `npm run schema:print` after changing the API)", () => {
  const committed = fs.readFileSync(path.join(PROJECT_ROOT, "schema.graphql"), "utf8");
  expect(committed).toBe(printedSchema());
});
