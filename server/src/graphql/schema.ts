// Imports every domain's schema file (for their side effects on the builder) and builds the schema.
import { isObjectType, isUnionType, type GraphQLSchema } from "graphql";
import { builder } from "./builder.ts";
import "./errors.ts";
import "./store.ts";
import "./catalog.ts";
import "./auth.ts";
import "./home.ts";
import "./cart.ts";
import "./saved.ts";
import "./orders.ts";
import "./delivery.ts";
import "./account.ts";
import "./admin.ts";
import "./payment-receipts.ts";
import "./payments-queue.ts";
import "./order-lookup.ts";
import "./on-hold.ts";
import "./audit-log.ts";
import "./payment-provider.ts";
import "./drops.ts";
import "./claims.ts";
import "./offers.ts";
import "./sale-channels.ts";
import "./payment-page.ts";

export const schema = describeErrorResults(builder.toSchema({ sortSchema: true }));

/**
 * The errors plugin generates a `<Parent><Field>Result` union and `<Parent><Field>Success` object per field
 * with `errors`, and its options only take one static description for all of them; naming the field here
 * keeps the explorer useful without repeating the same two sentences on every mutation.
 */
function describeErrorResults(built: GraphQLSchema): GraphQLSchema {
  for (const parent of [built.getQueryType(), built.getMutationType()]) {
    if (!parent) continue;
    for (const field of Object.values(parent.getFields())) {
      const base = `${parent.name}${field.name[0]!.toUpperCase()}${field.name.slice(1)}`;
      const union = built.getType(`${base}Result`);
      const success = built.getType(`${base}Success`);
      if (isUnionType(union) && !union.description) {
        union.description = `Outcome of \`${parent.name}.${field.name}\`: the success payload or one of the listed error types (check \`__typename\`).`;
      }
      if (isObjectType(success)) {
        if (!success.description) success.description = `Success branch of \`${parent.name}.${field.name}\`.`;
        const data = success.getFields().data;
        if (data && !data.description) data.description = `What \`${parent.name}.${field.name}\` returns when it succeeds.`;
      }
    }
  }
  return built;
}
