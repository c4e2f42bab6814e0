import { isObjectType } from "graphql";
import { schema } from "./schema.ts";
import { NOT_PUBLIC_FIELDS, PUBLIC_FIELDS } from "./cache-policy.ts";

// A field added to a cacheable type without a decision silently makes every answer that selects it
// uncacheable (listings and product pages then bypass the shared cache): decide it here instead.
it("every field of a type with public fields is either listed as public or named as not public", () => {
  const undecided: string[] = [];
  for (const [typeName, fields] of Object.entries(PUBLIC_FIELDS)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`cache-policy.ts lists ${typeName}, which is not an object type of the schema`);
    // Root fields are private unless named (carts, orders, admin): only object types need deciding.
    if (fields === "all" || typeName === "Query") continue;
    for (const field of Object.keys(type.getFields())) {
      if (!fields.includes(field) && !(NOT_PUBLIC_FIELDS[typeName] ?? []).includes(field)) undecided.push(`${typeName}.${field}`);
    }
  }
  expect(undecided).toEqual([]);
});

it("a field named in both lists is a contradiction", () => {
  const both = Object.entries(NOT_PUBLIC_FIELDS).flatMap(([typeName, fields]) => {
    const pub = PUBLIC_FIELDS[typeName];
    return fields.filter((f) => pub === "all" || (pub ?? []).includes(f)).map((f) => `${typeName}.${f}`);
  });
  expect(both).toEqual([]);
});
