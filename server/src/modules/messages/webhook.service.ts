// What Meta's WhatsApp webhook tells the shop (signature already checked, http/whatsapp-webhook.ts):
// status updates of our messages (sent, delivered, read, failed: recorded on the row, only forward),
// a failed message's SMS fallback, and inbound texts, of which "STOP" opts the number out of
// WhatsApp and SMS (decision 036). One transaction per delivery, so a retried webhook changes
// nothing twice.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { queueSmsFallback } from "./delivery.ts";

const REPORTED = ["sent", "delivered", "read", "failed"] as const;
type Reported = (typeof REPORTED)[number];

interface StatusReport {
  id?: string;
  status?: string;
  timestamp?: string;
  biz_opaque_callback_data?: string;
  errors?: { code?: number; title?: string; message?: string }[];
}

interface InboundMessage {
  from?: string;
  type?: string;
  text?: { body?: string };
}

export interface WebhookPayload {
  object?: string;
  entry?: { changes?: { field?: string; value?: { statuses?: StatusReport[]; messages?: InboundMessage[] } }[] }[];
}

/** A status only ever moves forward (webhooks arrive out of order): queued < sent < delivered < read, failed last. */
const rank = (status: Prisma.Sql) =>
  Prisma.sql`CASE ${status} WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 5 END`;

export const isStop = (text: string | undefined) => /^\s*stop[\s.!]*$/i.test(text ?? "");

export async function applyWhatsAppWebhook(prisma: Db, config: Pick<Config, "termii">, payload: WebhookPayload): Promise<{ statuses: number; optOuts: number }> {
  const values = (payload.entry ?? []).flatMap((entry) => entry.changes ?? []).filter((change) => change.field === "messages").map((change) => change.value ?? {});
  const statuses = values.flatMap((value) => value.statuses ?? []).filter((s) => REPORTED.includes(s.status as Reported) && (s.id || s.biz_opaque_callback_data));
  const stops = values.flatMap((value) => value.messages ?? []).filter((m) => m.type === "text" && isStop(m.text?.body) && /^\d{6,15}$/.test(m.from ?? ""));
  let recorded = 0;
  await prisma.$transaction(async (tx) => {
    for (const report of statuses) {
      const status = report.status as Reported;
      const at = report.timestamp && /^\d+$/.test(report.timestamp) ? new Date(Number(report.timestamp) * 1000) : new Date();
      const error = report.errors?.[0];
      const reason = error ? `WhatsApp ${status}${error.code ? ` (code ${error.code})` : ""}: ${error.message ?? error.title ?? ""}`.slice(0, 1000) : null;
      const ours = isUuid(report.biz_opaque_callback_data ?? "") ? report.biz_opaque_callback_data! : null;
      const rows = await tx.$queryRaw<{ id: string }[]>`
        UPDATE message_outbox SET status = ${status}::"MessageStatus", status_at = ${at},
          provider_message_id = COALESCE(provider_message_id, ${report.id ?? null}), last_error = COALESCE(${reason}, last_error)
        WHERE channel = 'whatsapp' AND (provider_message_id = ${report.id ?? ""} OR id = ${ours}::uuid)
          AND ${rank(Prisma.sql`status::text`)} < ${rank(Prisma.sql`${status}`)}
        RETURNING id`;
      recorded += rows.length;
      if (status === "failed") for (const row of rows) await queueSmsFallback(tx, config, row.id);
    }
    for (const stop of stops) {
      await tx.$executeRaw`INSERT INTO message_opt_outs (phone, created_at) VALUES (${stop.from!}, ${new Date()}) ON CONFLICT (phone) DO NOTHING`;
      // What was queued for the number and not yet sent stays unsent.
      await tx.$executeRaw`UPDATE message_outbox SET status = 'cancelled', status_at = ${new Date()}, last_error = 'The recipient replied STOP'
        WHERE "to" = ${stop.from!} AND status = 'queued' AND template <> 'owner_new_order'`;
    }
  });
  return { statuses: recorded, optOuts: stops.length };
}
