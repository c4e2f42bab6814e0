import { waitingLine } from "./waiting-line.ts";

it("items leave in the order they joined, across the line's compaction of its spent front", () => {
  const line = waitingLine<number>();
  const out: number[] = [];
  // 3,000 joined, then taken while more join: the front is dropped once past 1,024 taken.
  for (let i = 0; i < 3000; i++) line.push(i);
  for (let i = 3000; i < 5000; i++) {
    line.push(i);
    out.push(line.shift()!);
  }
  expect(line.size).toBe(3000);
  while (line.size) out.push(line.shift()!);
  expect(out).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  expect(line.shift()).toBeUndefined();
  line.push(7);
  expect([line.size, line.shift(), line.size]).toEqual([1, 7, 0]);
});
