// The line that reads-take-turns.ts and writes-in-line.ts keep their waiting requests in: first in,
// first out, O(1) each way, so a drop's thousands of arrivals join and leave without copying the
// array on every departure (shift() would).

export interface WaitingLine<T> {
  push(item: T): void;
  /** The first item, taken out of the line; undefined when the line is empty. */
  shift(): T | undefined;
  readonly size: number;
}

export function waitingLine<T>(): WaitingLine<T> {
  let items: (T | undefined)[] = [];
  let head = 0;
  return {
    push(item) {
      items.push(item);
    },
    shift() {
      if (head === items.length) return undefined;
      const item = items[head];
      items[head++] = undefined;
      // Empty: start again; a long way in: drop the spent front at once rather than grow forever.
      if (head === items.length) {
        items = [];
        head = 0;
      } else if (head > 1024) {
        items = items.slice(head);
        head = 0;
      }
      return item;
    },
    get size() {
      return items.length - head;
    },
  };
}
