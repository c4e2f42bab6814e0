// The owner's delivery fees: read for quotes and inside the order transaction, replaced as a whole
// by the admin (validated with common/delivery.ts, audited with before and after).
import type { Db } from "../../db/database.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { NO_DELIVERY_FEES, type DeliveryFeeTable } from "../../../../common/delivery.ts";
import { checkFeeTable } from "../../../../common/delivery-validation.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { ValidationError } from "../errors.ts";

type Reader = Pick<Prisma.TransactionClient, "deliverySettings" | "deliveryStateFee">;

/** The fee table as stored; with nothing stored, delivery is free everywhere. */
export async function loadFeeTable(db: Reader): Promise<DeliveryFeeTable> {
  // One after the other: inside a transaction both run on its one connection anyway.
  const settings = await db.deliverySettings.findUnique({ where: { id: 1 } });
  const stateFees = await db.deliveryStateFee.findMany({ orderBy: [{ method: "asc" }, { state: "asc" }] });
  if (!settings && stateFees.length === 0) return NO_DELIVERY_FEES;
  return {
    doorstepFee: settings?.doorstepFee.toFixed(2) ?? "0.00",
    parkFee: settings?.parkFee.toFixed(2) ?? "0.00",
    freeDeliveryThreshold: settings?.freeDeliveryThreshold?.toFixed(2) ?? null,
    stateFees: stateFees.map((f) => ({ method: f.method, state: f.state, fee: f.fee.toFixed(2) })),
  };
}

export async function updateDeliveryFees(prisma: Db, actor: Actor, input: DeliveryFeeTable): Promise<DeliveryFeeTable> {
  const { errors, table } = checkFeeTable(input);
  const first = errors[0];
  if (first) throw new ValidationError(first.message, first.field);
  return prisma.$transaction(async (tx) => {
    // Serialises two admins saving at once: the last save wins whole, never a mix of both.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('delivery_fees'))`;
    const before = await loadFeeTable(tx);
    const settings = { doorstepFee: table.doorstepFee, parkFee: table.parkFee, freeDeliveryThreshold: table.freeDeliveryThreshold };
    await tx.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings });
    await tx.deliveryStateFee.deleteMany({});
    if (table.stateFees.length) {
      await tx.deliveryStateFee.createMany({
        data: table.stateFees.map((f) => ({ method: f.method as "doorstep" | "park", state: f.state, fee: f.fee })),
      });
    }
    const after = await loadFeeTable(tx);
    await recordAudit(tx, {
      actor,
      action: "delivery.fees_updated",
      entityType: "settings",
      entityId: "delivery_fees",
      before: before as unknown as Prisma.InputJsonValue,
      after: after as unknown as Prisma.InputJsonValue,
    });
    return after;
  });
}
