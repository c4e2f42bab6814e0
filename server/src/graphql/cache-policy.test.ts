import { isObjectType, parse } from "graphql";
import { schema } from "./schema.ts";
import { NOT_PUBLIC_FIELDS, PUBLIC_FIELDS, selectsOnlyPublicFields, stockDependence } from "./cache-policy.ts";

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

describe("selectsOnlyPublicFields", () => {
  const publicOnly = (text: string) => selectsOnlyPublicFields(schema, parse(text));

  it("is true for a catalogue read, with aliases, __typename and fragments", () => {
    expect(publicOnly(`{ products(limit: 2) { totalCount first: items { __typename id ...Card } } } fragment Card on Product { name price }`)).toBe(true);
  });

  it("is false when any field, however deep or in a fragment, is not public", () => {
    expect(publicOnly(`{ products { items { id goesLiveAt } } }`)).toBe(false);
    expect(publicOnly(`{ products { items { ...Admin } } } fragment Admin on Product { goesLiveAt }`)).toBe(false);
    expect(publicOnly(`{ products { items { id } } cart { quantity } }`)).toBe(false);
  });

  it("is false for introspection", () => {
    expect(publicOnly(`{ __schema { types { name } } }`)).toBe(false);
  });
});

describe("stockDependence: how a kept answer follows sales", () => {
  const dependence = (text: string) => stockDependence(parse(text));

  it("a listing has its products' new values joined in", () => {
    expect(dependence(`{ products(limit: 2) { items { id stock onHold } } }`)).toBe("joined");
  });

  it("the home page's blocks, whatever the alias, are kept while the stock-ordered choice is the same", () => {
    expect(dependence(`{ specialOffers { id stock } }`)).toBe("choice");
    expect(dependence(`{ offers: specialOffers { id } latest: featuredProducts { id onHold } }`)).toBe("choice");
    expect(dependence(`{ activeHomepageSection { title products { id stock } } }`)).toBe("choice");
  });

  it("values that cannot be matched to their product make the answer follow every stock change, home blocks or not", () => {
    expect(dependence(`{ products { items { name stock } } }`)).toBe("every change");
    expect(dependence(`{ products { items { id left: stock } } }`)).toBe("every change");
    expect(dependence(`{ specialOffers { name stock } }`)).toBe("every change");
  });
});
