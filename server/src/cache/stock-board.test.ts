import { stockBoard, type StockValues } from "./stock-board.ts";

type Row = StockValues & { id: string };

/** A board whose reads answer only when the test says so. */
function boardWithHeldReads() {
  const reads: { ids: string[]; answer(rows: Row[]): void }[] = [];
  const board = stockBoard({
    read: (ids) => new Promise<Row[]>((resolve) => reads.push({ ids, answer: resolve })),
    onReadFailed: () => {},
  });
  return { board, reads };
}

/** Reads begin after the pass of the event loop that named their products. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("stock board settled()", () => {
  it("is true at once when nothing is waiting to be read", async () => {
    const { board } = boardWithHeldReads();
    await expect(board.settled()).resolves.toBe(true);
    await expect(board.settled(10)).resolves.toBe(true);
  });

  it("is true once the values named so far have landed", async () => {
    const { board, reads } = boardWithHeldReads();
    board.changed("p1");
    const settled = board.settled(2000);
    await nextTurn();
    expect(reads.map((r) => r.ids)).toEqual([["p1"]]);
    reads[0].answer([{ id: "p1", stock: 3, onHold: false }]);
    await expect(settled).resolves.toBe(true);
    expect(board.get("p1")).toEqual({ stock: 3, onHold: false, landed: 1 });
  });

  it("is false when the read never lands within the wait", async () => {
    const { board } = boardWithHeldReads();
    board.changed("p1");
    await expect(board.settled(20)).resolves.toBe(false);
  });
});

describe("stock board wrote()", () => {
  it("lands a write's own values at once, without a read, when no read of its products was under way since its mark", async () => {
    const { board, reads } = boardWithHeldReads();
    // A read that landed before the write was sent is older than the write's commit.
    board.changed("p1");
    await nextTurn();
    reads[0].answer([{ id: "p1", stock: 3, onHold: false }]);
    await board.settled();
    const mark = board.mark();
    expect(board.wrote([{ id: "p1", stock: 2, onHold: false }], mark)).toEqual([]);
    expect(board.get("p1")).toEqual({ stock: 2, onHold: false, landed: 2 });
    expect(reads).toHaveLength(1);
  });

  it("lands them beside a read of the product still to begin (it will read after the commit)", async () => {
    const { board, reads } = boardWithHeldReads();
    board.changed("p0");
    await nextTurn();
    const mark = board.mark();
    board.changed("p1");
    expect(board.wrote([{ id: "p1", stock: 4, onHold: false }], mark)).toEqual([]);
    expect(board.get("p1")).toEqual({ stock: 4, onHold: false, landed: 1 });
    expect(reads.map((r) => r.ids)).toEqual([["p0"]]);
  });

  it("leaves the values to a read when one of the product was under way at the mark or began since (either may be the newer)", async () => {
    const { board, reads } = boardWithHeldReads();
    board.changed("p1");
    await nextTurn();
    const underWay = board.mark();
    expect(board.wrote([{ id: "p1", stock: 2, onHold: false }, { id: "p2", stock: 0, onHold: true }], underWay)).toEqual(["p1"]);
    expect(board.get("p1")).toBeUndefined();
    expect(board.get("p2")).toEqual({ stock: 0, onHold: true, landed: 1 });
    // Landed after the write was sent: it may hold a later sale than the write's.
    reads[0].answer([{ id: "p1", stock: 1, onHold: false }]);
    await board.settled();
    const before = board.mark();
    board.changed("p2");
    await nextTurn();
    expect(reads.map((r) => r.ids)).toEqual([["p1"], ["p2"]]);
    expect(board.wrote([{ id: "p2", stock: 5, onHold: false }], before)).toEqual(["p2"]);
    expect(board.get("p2")).toEqual({ stock: 0, onHold: true, landed: 1 });
    // Forgotten since the mark (the notifications were lost): nothing lands.
    const cleared = board.mark();
    board.clear();
    expect(board.wrote([{ id: "p3", stock: 1, onHold: false }], cleared)).toEqual(["p3"]);
  });
});
