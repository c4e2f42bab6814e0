// A kept server-rendered page with its volatile part joined in per request, as the kept answers are
// (volatile-json.ts, decision 026). A page is what its Apollo state (the answers its render read,
// sent beside the markup for hydration) makes of it. Its stock and "on hold" values are cut out of
// the state like an answer's, and the markup shows them only through their class (stockClass) and
// the count in `<span data-stock-of="<id>">`, cut out too. While every product keeps its class, the
// page with the board's newest values is the kept one with those few bytes changed; a product that
// changes class (the last one sold, put on hold) needs its pages rendered again.
import { APOLLO_STATE_ELEMENT_ID, jsonForDataBlock } from "../../../common/page-head.ts";
import { stockClass } from "../../../common/stock-messages.ts";
import { assemble, cutVolatile, type JoinedJson } from "./volatile-json.ts";
import type { StockBoard } from "./stock-board.ts";

export interface JoinedPage extends JoinedJson {
  /** Each product's class when the page was rendered, and which of its values the page holds. */
  classes: ReadonlyMap<string, { rendered: string; stock: boolean; onHold: boolean }>;
  /** The board generation sameClasses last answered for, and its answer. */
  classesChecked: { generation: number; same: boolean };
}

const STATE_BLOCK_START = `<script type="application/json" id="${APOLLO_STATE_ELEMENT_ID}">`;
const SHOWN_COUNT = /<span data-stock-of="([^"<>]+)">(\d+)<\/span>/g;

function classesOf(state: JoinedJson): JoinedPage["classes"] {
  const values = new Map<string, { stock?: number; onHold?: boolean }>();
  state.slots.forEach((slot, i) => {
    const value = values.get(slot.id) ?? {};
    if (slot.field === "stock") value.stock = state.values[i] as number;
    else value.onHold = state.values[i] as boolean;
    values.set(slot.id, value);
  });
  return new Map(
    [...values].map(([id, value]) => [id, { rendered: stockClass(value.stock, value.onHold), stock: value.stock !== undefined, onHold: value.onHold !== undefined }]),
  );
}

const unchanged = (html: string): JoinedPage => ({
  text: html,
  ids: new Set(),
  checked: 0,
  parts: [html],
  slots: [],
  values: [],
  classes: new Map(),
  classesChecked: { generation: -1, same: true },
});

/**
 * The page cut at its volatile values, or null when it cannot be joined (then any stock change of a
 * product it shows makes it stale): its state cannot be cut, it shows a count that its state does
 * not hold as that product's stock, or it does not read back as the same text.
 */
export function cutPage(html: string): JoinedPage | null {
  const start = html.indexOf(STATE_BLOCK_START);
  const blockStart = start + STATE_BLOCK_START.length;
  const blockEnd = html.indexOf("</script>", blockStart);
  if (start < 0 || blockEnd < 0) return html.includes("data-stock-of=") ? null : unchanged(html);
  const state = cutVolatile(html.slice(blockStart, blockEnd), jsonForDataBlock);
  if (!state) return null;
  const markup = html.slice(0, blockStart);
  const parts: string[] = [];
  const slots: JoinedJson["slots"] = [];
  const values: JoinedJson["values"] = [];
  let from = 0;
  for (const shown of markup.matchAll(SHOWN_COUNT)) {
    const id = shown[1]!;
    const count = Number(shown[2]);
    const inState = state.slots.findIndex((slot) => slot.id === id && slot.field === "stock");
    if (inState < 0 || state.values[inState] !== count) return null;
    const at = shown.index + shown[0].length - `${shown[2]}</span>`.length;
    parts.push(markup.slice(from, at));
    slots.push({ id, field: "stock" });
    values.push(count);
    from = at + shown[2]!.length;
  }
  const [first, ...rest] = state.parts;
  parts.push(markup.slice(from) + first, ...rest);
  parts[parts.length - 1] += html.slice(blockEnd);
  slots.push(...state.slots);
  values.push(...state.values);
  const page: JoinedPage = { ...unchanged(html), ids: new Set(slots.map((slot) => slot.id)), parts, slots, values, classes: classesOf(state) };
  return assemble(page, values) === html ? page : null;
}

/** Whether every product the page shows is still in the class it was rendered in: then joining
 *  the board's newest values (joinVolatile) makes it the page a render would give now. */
export function sameClasses(page: JoinedPage, board: StockBoard): boolean {
  const generation = board.generation();
  if (page.classesChecked.generation === generation) return page.classesChecked.same;
  let same = true;
  for (const [id, shown] of page.classes) {
    const now = board.get(id);
    if (now && stockClass(shown.stock ? now.stock : undefined, shown.onHold ? now.onHold : undefined) !== shown.rendered) {
      same = false;
      break;
    }
  }
  page.classesChecked = { generation, same };
  return same;
}
