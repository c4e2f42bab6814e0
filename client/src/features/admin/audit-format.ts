// Reading audit entries: a label per action and a short "before → after" summary.
const ACTION_LABELS: Record<string, string> = {
  "payment.receipt_submitted": "Receipt submitted",
  "payment.marked_paid": "Marked as paid",
  "payment.rejected": "Payment rejected",
  "order.expired": "Expired (hold ended)",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replace(/[._]/g, " ");
}

function parse(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return {};
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined) return "none";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** "paymentStatus: under_review → paid; status: pending → confirmed". */
export function changeSummary(before: string | null | undefined, after: string | null | undefined): string {
  const b = parse(before);
  const a = parse(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => show(b[k]) !== show(a[k]))
    .map((k) => (k in b && k in a ? `${k}: ${show(b[k])} → ${show(a[k])}` : k in a ? `${k}: ${show(a[k])}` : `${k} was ${show(b[k])}`))
    .join("; ");
}
