// Reading the audit log: a per-order timeline and a filterable list for admins.
import { pageWindow } from "../paging.ts";
import type { Db } from "../../db/database.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { ValidationError } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export const AUDIT_PAGE_MAX = 100;

export interface AuditFilter {
  action?: string | null;
  /** Inclusive lower bound. */
  from?: Date | null;
  /** Exclusive upper bound. */
  to?: Date | null;
  orderId?: string | null;
}

function whereOf(filter: AuditFilter): Prisma.AuditEntryWhereInput {
  const action = filter.action?.trim();
  if (action && action.length > 60) throw new ValidationError("Action must be at most 60 characters", "action");
  if (filter.orderId && !isUuid(filter.orderId)) throw new ValidationError("Order id is not valid", "orderId");
  if (filter.from && filter.to && filter.from >= filter.to) throw new ValidationError("The start date must be before the end date", "from");
  return {
    ...(action ? { action } : {}),
    ...(filter.orderId ? { orderId: filter.orderId } : {}),
    ...(filter.from || filter.to ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
  };
}


/** Newest first. */
export async function listAuditEntries(prisma: Db, filter: AuditFilter, offset?: number | null, limit?: number | null) {
  const where = whereOf(filter);
  const [items, totalCount] = await Promise.all([
    prisma.auditEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], ...pageWindow(offset, limit, { defaultLimit: 50, maxLimit: AUDIT_PAGE_MAX }) }),
    prisma.auditEntry.count({ where }),
  ]);
  return { items, totalCount };
}

/** One order's history, oldest first. */
export function orderAuditTimeline(prisma: Db, orderId: string) {
  return prisma.auditEntry.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500 });
}

/** The actions present in the log, for the filter select. */
export async function auditActions(prisma: Db): Promise<string[]> {
  const rows = await prisma.auditEntry.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } });
  return rows.map((r) => r.action);
}
