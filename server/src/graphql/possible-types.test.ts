import { isInterfaceType } from "graphql";
import { schema } from "./schema.ts";
import { POSSIBLE_TYPES } from "../../../client/src/lib/possible-types.ts";

it("the client's possibleTypes list every implementation of every interface in the schema", () => {
  const fromSchema: Record<string, string[]> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInterfaceType(type) && !type.name.startsWith("__")) {
      fromSchema[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
    }
  }
  expect(POSSIBLE_TYPES).toEqual(fromSchema);
});
