import { APOLLO_STATE_ELEMENT_ID, jsonForDataBlock } from "../../../common/page-head.ts";
import { stockBoard, type StockValues } from "./stock-board.ts";
import { cutPage, sameClasses } from "./volatile-html.ts";
import { joinVolatile } from "./volatile-json.ts";

const A = "0a0a0a0a-0000-4000-8000-000000000001";
const B = "0b0b0b0b-0000-4000-8000-000000000002";

/** A page as the server sends one: markup, then its Apollo state in a data block. */
function page(stock: Record<string, number>, onHold: Record<string, boolean>, shownCount = stock[A]!) {
  const state = {
    [`Product:${A}`]: { __typename: "Product", id: A, name: "Kaftan </script> & co", stock: stock[A], onHold: onHold[A] },
    [`Product:${B}`]: { __typename: "Product", id: B, name: "Jeans", stock: stock[B], onHold: onHold[B] },
    ROOT_QUERY: { __typename: "Query" },
  };
  return (
    `<html><body><div id="root"><p class="stock"><span data-stock-of="${A}">${shownCount}</span> items available</p><p>Size 12, ₦4,500</p></div>` +
    `<script type="application/json" id="${APOLLO_STATE_ELEMENT_ID}">${jsonForDataBlock(state)}</script></body></html>`
  );
}

function boardWith(values: Record<string, StockValues>) {
  const board = stockBoard({ read: async (ids) => ids.map((id) => ({ id, version: 0, ...values[id]! })), onReadFailed: () => {} });
  return board;
}

describe("a kept page joined with the stock board", () => {
  it("takes the board's counts in the marked count and the data block, and reads as a page rendered with them", async () => {
    const cut = cutPage(page({ [A]: 5, [B]: 3 }, { [A]: false, [B]: false }))!;
    expect(cut).not.toBeNull();
    const board = boardWith({ [A]: { stock: 4, onHold: false }, [B]: { stock: 2, onHold: false } });
    board.changed(A);
    board.changed(B);
    await board.settled();
    expect(sameClasses(cut, board)).toBe(true);
    expect(joinVolatile(cut, board)).toBe(true);
    expect(cut.text).toBe(page({ [A]: 4, [B]: 2 }, { [A]: false, [B]: false }));
    // Nothing new since: no work.
    expect(joinVolatile(cut, board)).toBe(false);
  });

  it("says a render is needed when a product changes class: sold out, the last one, on hold", async () => {
    for (const [now, same] of [
      [{ stock: 2, onHold: false }, true],
      [{ stock: 1, onHold: false }, false],
      [{ stock: 0, onHold: true }, false],
      [{ stock: 9, onHold: true }, false],
    ] as const) {
      const cut = cutPage(page({ [A]: 5, [B]: 3 }, { [A]: false, [B]: false }))!;
      const board = boardWith({ [B]: now });
      board.changed(B);
      await board.settled();
      expect(sameClasses(cut, board)).toBe(same);
    }
  });

  it("cannot be cut when the markup shows a count its data block does not hold (then every change makes it stale)", () => {
    expect(cutPage(page({ [A]: 5, [B]: 3 }, { [A]: false, [B]: false }, 7))).toBeNull();
    expect(cutPage(`<div><span data-stock-of="${A}">5</span></div>`)).toBeNull();
  });

  it("a page without products joins trivially", () => {
    const html = "<html><body><div id=\"root\"><h1>Page not found</h1></div></body></html>";
    const cut = cutPage(html)!;
    expect(cut.slots).toHaveLength(0);
    expect(cut.text).toBe(html);
  });
});
