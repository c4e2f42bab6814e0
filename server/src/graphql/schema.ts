// Imports every domain's schema file (for their side effects on the builder) and builds the schema.
import { builder } from "./builder.ts";
import "./errors.ts";
import "./store.ts";
import "./catalog.ts";
import "./auth.ts";
import "./home.ts";
import "./cart.ts";
import "./orders.ts";
import "./delivery.ts";
import "./account.ts";
import "./admin.ts";
import "./payments.ts";

export const schema = builder.toSchema({ sortSchema: true });
