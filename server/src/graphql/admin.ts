// Admin schema: every field here and in admin-*.ts declares authScopes { admin: true }; the
// authorization test walks them all as guest, customer and admin.
import { builder } from "./builder.ts";
import { adminCounts } from "../modules/admin/users.service.ts";
import "./admin-catalog.ts";
import "./admin-orders.ts";
import "./admin-users.ts";
import "./admin-content.ts";
import "./admin-outbox.ts";
import "./admin-messages.ts";
import "./admin-reports.ts";

const AdminStats = builder
  .objectRef<{ products: number; orders: number; users: number; reviews: number; sections: number; failedEmails: number }>("AdminStats")
  .implement({
    description: "Counts shown on the admin dashboard tabs (admin).",
    fields: (t) => ({
      products: t.exposeInt("products", { description: "Products listed" }),
      orders: t.exposeInt("orders", { description: "Orders placed, any status" }),
      users: t.exposeInt("users", { description: "User accounts" }),
      reviews: t.exposeInt("reviews", { description: "Customer reviews" }),
      sections: t.exposeInt("sections", { description: "Homepage sections" }),
      failedEmails: t.exposeInt("failedEmails", { description: "Outbox emails that failed and await a retry" }),
    }),
  });

builder.queryField("adminStats", (t) =>
  t.field({
    type: AdminStats,
    description: "Counts for the dashboard tabs.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => adminCounts(ctx.prisma),
  }),
);
