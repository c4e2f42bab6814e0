// The audit log: every change to money, stock or status records who, when, before, after and why.
// Always written inside the transaction of the change it describes.
import type { Prisma } from "../../generated/prisma/client.ts";
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
  entityType: "order" | "product" | "payment" | "user" | "review" | "section" | "settings";
  entityId: string;
  orderId?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  reason?: string | null;
}

type Tx = Pick<Prisma.TransactionClient, "auditEntry">;

export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      action: input.action,
      entityType: input.entityType,
      entityId: input.entityId,
      orderId: input.orderId ?? null,
      before: input.before ?? undefined,
      after: input.after ?? undefined,
      reason: input.reason ?? null,
    },
  });
}
