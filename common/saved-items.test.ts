import { isProductId, savedItemState } from "./saved-items.ts";

describe("a saved item's state", () => {
  it("in stock is available, whatever onHold says", () => {
    expect(savedItemState({ stock: 1, onHold: false })).toBe("available");
    expect(savedItemState({ stock: 2, onHold: true })).toBe("available");
  });
  it("no stock and held by an unpaid order is on hold (it may come back)", () => {
    expect(savedItemState({ stock: 0, onHold: true })).toBe("on-hold");
  });
  it("no stock and nothing holding it has sold", () => {
    expect(savedItemState({ stock: 0, onHold: false })).toBe("sold");
    expect(savedItemState({ stock: 0 })).toBe("sold");
  });
});

describe("product ids kept in browser storage", () => {
  it("are UUIDs in either letter case; anything else is left out", () => {
    expect(isProductId("3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b")).toBe(true);
    expect(isProductId("3F2B8C1E-9A4D-4E7F-8B6A-1C2D3E4F5A6B")).toBe(true);
    for (const bad of ["", "junk", "3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6", "3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6bx", "<script>"]) expect(isProductId(bad)).toBe(false);
  });
});
