// The owner's delivery fees: read for quotes and inside the order transaction, replaced as a whole
// by the admin (validated with common/delivery.ts, audited with before and after).
import { sqlInPrisma, type Db, type SqlRunner } from "../../db/database.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { NO_DELIVERY_FEES, type DeliveryFeeTable } from "../../../../common/delivery.ts";
import { checkFeeTable } from "../../../../common/delivery-validation.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { ValidationError } from "../errors.ts";

/** The fee table as stored, in one statement; with nothing stored, delivery is free everywhere. */
export async function loadFeeTable(sql: SqlRunner): Promise<DeliveryFeeTable> {
  // The settings row has no method; the states' rows follow it, by method and state.
  const rows = await sql<{ method: string | null; state: string | null; fee: Prisma.Decimal; parkFee: Prisma.Decimal | null; threshold: Prisma.Decimal | null }>(Prisma.sql`
    SELECT NULL::text AS method, NULL::text AS state, s.doorstep_fee AS fee, s.park_fee AS "parkFee", s.free_delivery_threshold AS threshold
      FROM delivery_settings s WHERE s.id = 1
    UNION ALL
    SELECT f.method::text, f.state, f.fee, NULL, NULL FROM delivery_state_fees f
    ORDER BY method NULLS FIRST, state`);
  const settings = rows[0]?.method === null ? rows[0] : null;
  const stateFees = rows.filter((row) => row.method !== null);
  if (!settings && stateFees.length === 0) return NO_DELIVERY_FEES;
  return {
    doorstepFee: settings?.fee.toFixed(2) ?? "0.00",
    parkFee: settings?.parkFee?.toFixed(2) ?? "0.00",
    freeDeliveryThreshold: settings?.threshold?.toFixed(2) ?? null,
    stateFees: stateFees.map((f) => ({ method: f.method!, state: f.state!, fee: f.fee.toFixed(2) })),
  };
}

export async function updateDeliveryFees(prisma: Db, actor: Actor, input: DeliveryFeeTable): Promise<DeliveryFeeTable> {
  const { errors, table } = checkFeeTable(input);
  const first = errors[0];
  if (first) throw new ValidationError(first.message, first.field);
  return prisma.$transaction(async (tx) => {
    // Serialises two admins saving at once: the last save wins whole, never a mix of both.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('delivery_fees'))`;
    const before = await loadFeeTable(sqlInPrisma(tx));
    const settings = { doorstepFee: table.doorstepFee, parkFee: table.parkFee, freeDeliveryThreshold: table.freeDeliveryThreshold };
    await tx.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings });
    await tx.deliveryStateFee.deleteMany({});
    if (table.stateFees.length) {
      await tx.deliveryStateFee.createMany({
        data: table.stateFees.map((f) => ({ method: f.method as "doorstep" | "park", state: f.state, fee: f.fee })),
      });
    }
    const after = await loadFeeTable(sqlInPrisma(tx));
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
