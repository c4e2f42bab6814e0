import { stockBoard, type StockRow } from "./stock-board.ts";

type Row = StockRow;

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
    reads[0].answer([{ id: "p1", stock: 3, onHold: false, version: 4 }]);
    await expect(settled).resolves.toBe(true);
    expect(board.get("p1")).toEqual({ stock: 3, onHold: false, version: 4, landed: 1 });
  });

  it("is false when the read never lands within the wait", async () => {
    const { board } = boardWithHeldReads();
    board.changed("p1");
    await expect(board.settled(20)).resolves.toBe(false);
  });
});

describe("stock board wrote() and counts", () => {
  it("lands a write's own values at once, and the notification of its commit then reads nothing", async () => {
    const { board, reads } = boardWithHeldReads();
    const mark = board.mark();
    expect(board.wrote([{ id: "p1", stock: 2, onHold: false, version: 7 }], mark)).toEqual([]);
    expect(board.get("p1")).toEqual({ stock: 2, onHold: false, version: 7, landed: 1 });
    board.changed("p1", 7);
    await nextTurn();
    expect(reads).toHaveLength(0);
    await expect(board.settled(10)).resolves.toBe(true);
    // A later change (another instance's sale) is read; so is a change that names no count.
    board.changed("p1", 8);
    board.changed("p2");
    await nextTurn();
    expect(reads.map((r) => r.ids)).toEqual([["p1", "p2"]]);
  });

  it("never goes back to a lower count, whichever lands last", async () => {
    const { board, reads } = boardWithHeldReads();
    board.changed("p1");
    await nextTurn();
    // The write commits while the read is under way; the read answers from before the commit.
    expect(board.wrote([{ id: "p1", stock: 4, onHold: false, version: 3 }], board.mark())).toEqual([]);
    reads[0].answer([{ id: "p1", stock: 5, onHold: false, version: 2 }]);
    await board.settled();
    expect(board.get("p1")).toMatchObject({ stock: 4, version: 3 });
    // A read at the same count is as new as the write or newer ("on hold" moves with other orders).
    board.changed("p1");
    await nextTurn();
    reads[1].answer([{ id: "p1", stock: 4, onHold: true, version: 3 }]);
    await board.settled();
    expect(board.get("p1")).toMatchObject({ stock: 4, onHold: true, version: 3 });
    expect(board.wrote([{ id: "p1", stock: 4, onHold: false, version: 3 }], board.mark())).toEqual([]);
    expect(board.get("p1")).toMatchObject({ onHold: true });
  });

  it("a notification heard before the write's answer, in the same turn, reads nothing once the write landed", async () => {
    const { board, reads } = boardWithHeldReads();
    const mark = board.mark();
    board.changed("p1", 1);
    board.wrote([{ id: "p1", stock: 0, onHold: true, version: 1 }], mark);
    await nextTurn();
    expect(reads).toHaveLength(0);
    await expect(board.settled(10)).resolves.toBe(true);
  });

  it("leaves the values to a read when the board forgot everything since the write was sent", () => {
    const { board } = boardWithHeldReads();
    const mark = board.mark();
    board.clear();
    expect(board.wrote([{ id: "p1", stock: 1, onHold: false, version: 1 }], mark)).toEqual(["p1"]);
    expect(board.get("p1")).toBeUndefined();
  });
});
