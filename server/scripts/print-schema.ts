// Prints the Pothos schema to schema.graphql (committed; a test fails when it drifts).
import fs from "node:fs";
import path from "node:path";
import { lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "../src/graphql/schema.ts";
import { PROJECT_ROOT } from "../src/config.ts";

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith("print-schema.ts")) {
  fs.writeFileSync(path.join(PROJECT_ROOT, "schema.graphql"), printedSchema());
  console.log("Wrote schema.graphql");
}
