// The owner's best and slowest category (issue 40: a fresh store read "Slowest: Unisex (0.0%)"
// above 170 pieces in stock): none is picked among categories tied at nothing sold.
import { bestAndSlowest, type CategoryFigures } from "./figures.service.ts";

const category = (name: string, unitsSold: number, unitsInStock: number): CategoryFigures => ({
  categoryId: name,
  name,
  unitsSold,
  unitsInStock,
  sellThroughPercent: ((100 * unitsSold) / (unitsSold + unitsInStock)).toFixed(1),
  medianDaysToSale: null,
});

describe("best and slowest category", () => {
  it("names both when one sold more than the other, and the one that sold nothing is alone at 0%", () => {
    const ranked = [category("Tops", 2, 2), category("Bales", 1, 3), category("Unisex", 0, 5)];
    expect(bestAndSlowest(ranked)).toEqual({ bestCategory: ranked[0], slowestCategory: ranked[2] });
  });

  it("names no slowest among several that sold nothing, but still the best", () => {
    const ranked = [category("Tops", 2, 2), category("Bales", 0, 3), category("Unisex", 0, 5)];
    expect(bestAndSlowest(ranked)).toEqual({ bestCategory: ranked[0], slowestCategory: null });
  });

  it("names neither when nothing sold, nor a slowest with one category", () => {
    expect(bestAndSlowest([category("Bales", 0, 3), category("Unisex", 0, 5)])).toEqual({ bestCategory: null, slowestCategory: null });
    expect(bestAndSlowest([category("Tops", 1, 1)])).toEqual({ bestCategory: expect.objectContaining({ name: "Tops" }), slowestCategory: null });
    expect(bestAndSlowest([])).toEqual({ bestCategory: null, slowestCategory: null });
  });
});
