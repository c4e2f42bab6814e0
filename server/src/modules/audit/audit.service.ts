// The audit log: every change to money, stock or status records who, when, before, after and why.
// Always written inside the transaction of the change it describes.
import { randomUUID } from "node:crypto";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Viewer } from "../../auth/viewer.ts";

export interface Actor {
  id: string | null;
  label: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, label: "system" };

export function actorOf(viewer: Viewer | null): Actor {
  return viewer ? { id: viewer.userId, label: viewer.email } : { id: null, label: "guest" };
}

export interface AuditInput {
  actor: Actor;
  action: string;
  entityType: "order" | "product" | "payment" | "user" | "review" | "section" | "settings" | "discount_code";
  entityId: string;
  orderId?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  reason?: string | null;
}

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.$executeRaw(auditEntrySql(input));
}

const jsonOrNull = (value: Prisma.InputJsonValue | null | undefined) => (value == null ? null : JSON.stringify(value));

/** The entry's INSERT, on its own (recordAudit) or inside a statement that does more (the
 *  checkout's, on the driver). Its time is the statement's, as Prisma's was: not the transaction's. */
export function auditEntrySql(input: AuditInput): Prisma.Sql {
  return Prisma.sql`INSERT INTO audit_entries (id, actor_id, actor_label, action, entity_type, entity_id, order_id, "before", "after", reason, created_at)
    VALUES (${randomUUID()}::uuid, ${input.actor.id}::uuid, ${input.actor.label}, ${input.action}, ${input.entityType}, ${input.entityId},
      ${input.orderId ?? null}::uuid, ${jsonOrNull(input.before)}::jsonb, ${jsonOrNull(input.after)}::jsonb, ${input.reason ?? null}, ${new Date()})`;
}
