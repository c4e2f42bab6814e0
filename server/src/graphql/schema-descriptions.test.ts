// Every named thing a developer can see in the explorer carries a description.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType } from "graphql";
import { schema } from "./schema.ts";

function undescribed(): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined) => !text || text.trim() === "";
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__") || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    if (blank(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (blank(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}

it("every type, field, argument, input field and enum value in the schema has a description", () => {
  expect(undescribed()).toEqual([]);
});
