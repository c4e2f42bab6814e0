// A cached JSON answer with its volatile part (each product's stock and "on hold") joined in per
// request from the stock board (decision 026). The answer is cut once, when it is stored, at every
// `"stock":…` and `"onHold":…` of an object that also names its product `id`; serving it puts the
// board's newest values in those places when they differ, so a sale changes a few bytes of the kept
// answers instead of making every instance compute them all again.
import type { StockBoard } from "./stock-board.ts";

type Field = "stock" | "onHold";

export interface JoinedJson {
  /** The text as last joined. */
  text: string;
  /** Products shown, each with the places its values go. */
  ids: ReadonlySet<string>;
  /** The board generation the text was last joined at. */
  checked: number;
  parts: string[];
  slots: { id: string; field: Field }[];
  values: (number | boolean)[];
}

const SLOT = `__volatile_slot_${Math.random().toString(36).slice(2)}__`;
/** Where a value goes in a cut text (letters, digits and "_" only: no escaping changes it). */
export const SLOT_JSON = JSON.stringify(SLOT);

/**
 * The answer cut at its volatile values, or null when it cannot be joined: it shows a stock or
 * "on hold" without the product's id (so a sale of that product is not known to touch it), or it
 * does not read back as the same text. Such an answer must be dropped on every stock change.
 * Answers without any volatile value join trivially (no slots). `stringify` is how the text was
 * written from its value (a page's data block escapes more than JSON.stringify).
 */
export function cutVolatile(text: string, stringify: (value: unknown) => string = JSON.stringify): JoinedJson | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const slots: JoinedJson["slots"] = [];
  const values: JoinedJson["values"] = [];
  let joinable = true;
  const walk = (value: unknown): void => {
    if (!joinable || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach(walk);
    const record = value as Record<string, unknown>;
    const hasStock = typeof record.stock === "number";
    const hasHold = typeof record.onHold === "boolean";
    if ((hasStock || hasHold) && typeof record.id !== "string") {
      joinable = false;
      return;
    }
    for (const key of Object.keys(record)) {
      if ((key === "stock" && hasStock) || (key === "onHold" && hasHold)) {
        slots.push({ id: record.id as string, field: key });
        values.push(record[key] as number | boolean);
        record[key] = SLOT;
      } else {
        walk(record[key]);
      }
    }
  };
  walk(parsed);
  if (!joinable) return null;
  if (!slots.length) return { text, ids: new Set(), checked: 0, parts: [text], slots, values };
  const body = text.trimEnd();
  const parts = stringify(parsed).split(SLOT_JSON);
  // Whatever followed the JSON (Apollo ends its answers with a newline) stays.
  parts[parts.length - 1] += text.slice(body.length);
  const cut: JoinedJson = { text, ids: new Set(slots.map((slot) => slot.id)), checked: 0, parts, slots, values };
  return parts.length === slots.length + 1 && assemble(cut, values) === text ? cut : null;
}

export function assemble(cut: Pick<JoinedJson, "parts">, values: JoinedJson["values"]): string {
  let text = cut.parts[0]!;
  for (let i = 0; i < values.length; i++) text += JSON.stringify(values[i]) + cut.parts[i + 1]!;
  return text;
}

/** Puts the board's newest values in; true when the text changed. Cheap when nothing landed since
 *  the last look (one comparison). */
export function joinVolatile(cut: JoinedJson, board: StockBoard): boolean {
  const generation = board.generation();
  if (cut.checked === generation) return false;
  let changed = false;
  const values = cut.values.map((value, i) => {
    const slot = cut.slots[i]!;
    const now = board.get(slot.id)?.[slot.field];
    if (now === undefined || now === value) return value;
    changed = true;
    return now;
  });
  cut.checked = generation;
  if (!changed) return false;
  cut.values = values;
  cut.text = assemble(cut, values);
  return true;
}
