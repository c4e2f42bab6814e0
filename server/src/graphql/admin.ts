// Admin schema: every field here and in admin-*.ts declares authScopes { admin: true }; the
// authorization test walks them all as guest, customer and admin.
import { builder } from "./builder.ts";
import { adminCounts } from "../modules/admin/users-admin.ts";
import "./admin-catalog.ts";
import "./admin-orders.ts";
import "./admin-users.ts";
import "./admin-content.ts";
import "./admin-outbox.ts";
import "./admin-reports.ts";

const AdminStats = builder
  .objectRef<{ products: number; orders: number; users: number; reviews: number; sections: number; failedEmails: number }>("AdminStats")
  .implement({
    fields: (t) => ({
      products: t.exposeInt("products"),
      orders: t.exposeInt("orders"),
      users: t.exposeInt("users"),
      reviews: t.exposeInt("reviews"),
      sections: t.exposeInt("sections"),
      failedEmails: t.exposeInt("failedEmails"),
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
