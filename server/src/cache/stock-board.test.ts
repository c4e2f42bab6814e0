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
