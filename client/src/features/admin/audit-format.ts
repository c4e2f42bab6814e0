// Reading audit entries as the owner reads an order's story: a label per action and one plain
// sentence of what changed, with times in Lagos time, money in naira, statuses in the shop's words
// and phone numbers spaced; never raw JSON, ISO times or record ids (issue 26, item 16).
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { orderStatusLabel, paymentStatusLabel } from "../../../../common/order-status.ts";
import { formatPhone } from "../../../../common/phone.ts";
import { itemCount } from "../../../../common/stock-messages.ts";
import { isUuid } from "../../../../common/uuid.ts";

const ACTION_LABELS: Record<string, string> = {
  "order.placed": "Order placed",
  "order.status": "Status changed",
  "order.expired": "Expired (hold ended)",
  "order.additions_released": "Added pieces released (balance unpaid)",
  "order.delete": "Order deleted",
  "payment.receipt_submitted": "Receipt submitted",
  "payment.marked_paid": "Marked as paid",
  "payment.rejected": "Payment rejected",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replace(/[._]/g, " ");
}

type Values = Record<string, unknown>;

function parse(json: string | null | undefined): Values {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Values) : {};
  } catch {
    return {};
  }
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const MONEY_KEYS = new Set(["total", "deliveryFee", "price", "originalPrice", "doorstepFee", "parkFee", "freeDeliveryThreshold", "amount"]);

/** "holdExpiresAt" → "hold expires at". */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

const units = (lines: unknown) =>
  Array.isArray(lines) ? lines.reduce((n: number, l) => n + (typeof (l as Values)?.quantity === "number" ? ((l as Values).quantity as number) : 0), 0) : 0;

/** One value as people read it, or null for what an owner has no use for (ids, nested records). */
function show(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return key === "items" || key === "stockReturned" ? itemCount(units(value)) : null;
  if (typeof value !== "string") return null;
  if (isUuid(value)) return null;
  if (ISO_TIME.test(value)) return formatLagosTime(value);
  if (key === "status") return orderStatusLabel(value);
  if (key === "paymentStatus") return paymentStatusLabel(value);
  if (key === "driverPhone") return formatPhone(value);
  if (MONEY_KEYS.has(key) && /^\d+(\.\d+)?$/.test(value)) return formatNaira(value);
  return value;
}

const sentence = (parts: (string | null | false | undefined)[]) => {
  const text = parts.filter(Boolean).join("; ");
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : "";
};

/** Whatever changed, key by key ("status Pending → Shipped"), leaving out ids and nested records. */
function changes(b: Values, a: Values, skip: string[] = []): string[] {
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !skip.includes(k));
  const out: string[] = [];
  for (const k of keys) {
    const from = k in b ? show(k, b[k]) : null;
    const to = k in a ? show(k, a[k]) : null;
    if (from === to || (from === null && to === null)) continue;
    // A detail first recorded as empty says nothing.
    if (!(k in b) && to === "none") continue;
    if (k in b && k in a && from !== null && to !== null) out.push(`${words(k)} ${from} → ${to}`);
    else if (k in a && to !== null) out.push(`${words(k)} ${to}`);
    else if (from !== null) out.push(`${words(k)} was ${from}`);
  }
  return out;
}

/** The entry as one sentence, e.g. "Status Pending → Shipped; tracking number TRK-…; driver's phone +234 805 000 1111." */
export function describeChange(action: string, before: string | null | undefined, after: string | null | undefined): string {
  const b = parse(before);
  const a = parse(after);
  switch (action) {
    case "order.placed":
      return sentence([
        `${itemCount(units(a.items))} for ${show("total", a.total)}`,
        a.deliveryFee !== undefined && `delivery ${Number(a.deliveryFee) === 0 ? "free" : show("deliveryFee", a.deliveryFee)}`,
      ]);
    case "order.expired":
      return sentence([`no payment before the hold ended: cancelled`, units(a.stockReturned) > 0 && `${itemCount(units(a.stockReturned))} back in stock`]);
    case "order.additions_released":
      return sentence([
        `balance not paid before the hold ended: ${itemCount(units(a.stockReturned))} back in stock`,
        a.total !== undefined && `total ${show("total", b.total)} → ${show("total", a.total)}`,
      ]);
    case "payment.receipt_submitted":
      return sentence([
        typeof a.senderName === "string" && `sent by ${a.senderName}${typeof a.senderBank === "string" ? ` (${a.senderBank})` : ""}`,
        typeof a.holdExpiresAt === "string" && a.holdExpiresAt !== b.holdExpiresAt && `hold extended to ${show("holdExpiresAt", a.holdExpiresAt)}`,
      ]);
    case "payment.marked_paid":
      return sentence([
        a.total !== undefined && `${show("total", a.total)} received`,
        typeof a.bankReference === "string" && `bank reference ${a.bankReference}`,
        b.status !== a.status && `status ${show("status", b.status)} → ${show("status", a.status)}`,
      ]);
    case "order.status":
      return sentence([
        ...changes(b, a, ["holdsStock", "unpaidConfirmed"]),
        b.holdsStock === true && a.holdsStock === false && "items back in stock",
        b.holdsStock === false && a.holdsStock === true && "items taken from stock again",
        a.unpaidConfirmed === true && "moved on unpaid, as the admin confirmed",
      ]);
    default:
      return sentence(changes(b, a));
  }
}
