// The owner's delivery fees: read for quotes and inside the order transaction, replaced as a whole
// by the admin (validated with common/delivery.ts, audited with before and after).
import { sqlInPrisma, type Db, type SqlRunner } from "../../db/database.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { NO_DELIVERY_FEES, type DeliveryFeeTable } from "../../../../common/delivery.ts";
import { checkFeeTable } from "../../../../common/delivery-validation.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { ValidationError } from "../errors.ts";

/** The fee table's rows: the settings row (no method) first, then the states' rows by method and
 *  state. Amounts as text ("1500.00"), which reads the same from the driver, from Prisma and
 *  inside JSON (besideFeeTable). */
const FEE_ROWS = Prisma.sql`
    SELECT NULL::text AS method, NULL::text AS state, s.doorstep_fee::text AS fee, s.park_fee::text AS "parkFee", s.free_delivery_threshold::text AS threshold
      FROM delivery_settings s WHERE s.id = 1
    UNION ALL
    SELECT f.method::text, f.state, f.fee::text, NULL, NULL FROM delivery_state_fees f
    ORDER BY method NULLS FIRST, state`;

interface FeeRow {
  method: string | null;
  state: string | null;
  fee: string;
  parkFee: string | null;
  threshold: string | null;
}

/** With nothing stored, delivery is free everywhere. */
function feeTableOf(rows: FeeRow[]): DeliveryFeeTable {
  const settings = rows.find((row) => row.method === null);
  const stateFees = rows.filter((row) => row.method !== null);
  if (!settings && stateFees.length === 0) return NO_DELIVERY_FEES;
  return {
    doorstepFee: settings?.fee ?? "0.00",
    parkFee: settings?.parkFee ?? "0.00",
    freeDeliveryThreshold: settings?.threshold ?? null,
    stateFees: stateFees.map((f) => ({ method: f.method!, state: f.state!, fee: f.fee })),
  };
}

/** The fee table as stored, in one statement. */
export async function loadFeeTable(sql: SqlRunner): Promise<DeliveryFeeTable> {
  return feeTableOf(await sql<FeeRow>(FEE_ROWS));
}

/** The fee table's rows as one JSON text (null: none stored): what besideFeeTable reads, and what
 *  a write priced from that read compares (feeTableStill). An uncorrelated subquery: once a statement. */
const FEE_TABLE_TEXT = Prisma.sql`(SELECT json_agg(fees)::text FROM (${FEE_ROWS}) fees)`;

/** The fee table with the text it was read as, for a later write's guard (feeTableStill). */
export interface ReadFeeTable {
  table: DeliveryFeeTable;
  text: string | null;
}

/**
 * `statement`'s rows and the fee table, in one round trip: a transaction that needs both (the
 * checkout's first guarded take) saves one. The statement may write (`UPDATE … RETURNING`); the
 * table comes beside its rows, so with no row it is not known (null).
 */
export async function besideFeeTable<T>(sql: SqlRunner, statement: Prisma.Sql): Promise<{ rows: T[]; feeTable: ReadFeeTable | null }> {
  const rows = await sql<T & { feeRows: string | null }>(Prisma.sql`
    WITH main AS (${statement})
    SELECT main.*, ${FEE_TABLE_TEXT} AS "feeRows" FROM main`);
  const first = rows[0];
  const feeTable = first ? { table: feeTableOf(first.feeRows === null ? [] : (JSON.parse(first.feeRows) as FeeRow[])), text: first.feeRows } : null;
  return { rows: rows.map(({ feeRows: _, ...row }) => row as T), feeTable };
}

/** A condition for a write priced from `read`: the fee table is still as it was read. */
export function feeTableStill(read: ReadFeeTable): Prisma.Sql {
  return Prisma.sql`${FEE_TABLE_TEXT} IS NOT DISTINCT FROM ${read.text}::text`;
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
