import fs from "node:fs";
import { buildSchema, isInterfaceType, isObjectType } from "graphql";
import { isErrorResult, resultError } from "./mutation-result.ts";

const schema = buildSchema(fs.readFileSync(new URL("../../../schema.graphql", import.meta.url), "utf8"));
const errorInterface = schema.getType("Error");
if (!isInterfaceType(errorInterface)) throw new Error("schema.graphql has no Error interface");
const errorTypes = schema.getPossibleTypes(errorInterface).map((type) => type.name);
const successTypes = Object.values(schema.getTypeMap())
  .filter((type) => isObjectType(type) && type.name.endsWith("Success"))
  .map((type) => type.name);

it("every typed error the API can answer is recognised, and its own message is the one shown", () => {
  expect(errorTypes.length).toBeGreaterThan(0);
  for (const __typename of errorTypes) {
    const answer = { __typename, message: `Only 1 left (${__typename})` };
    expect(isErrorResult(answer)).toBe(true);
    expect(resultError(answer, "Order submission failed")).toBe(`Only 1 left (${__typename})`);
  }
});

it("a success answer is never taken for an error, even one that carries a message field", () => {
  expect(successTypes).toContain("MutationPlaceOrderSuccess");
  for (const __typename of successTypes) {
    expect(isErrorResult({ __typename, message: "not an error" })).toBe(false);
  }
});

it("no answer, or an answer without a type, shows the fallback", () => {
  expect(resultError(null, "Failed to save product")).toBe("Failed to save product");
  expect(resultError(undefined, "Failed to save product")).toBe("Failed to save product");
  const untyped: { __typename?: string; message: string } = { message: "untyped" };
  expect(resultError(untyped, "Failed to save product")).toBe("Failed to save product");
});
