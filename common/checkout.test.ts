import { parkAddress } from "./checkout.ts";
import { PARKS_BY_STATE } from "./parks.ts";

describe("a motor-park address", () => {
  it("names the park and its state once", () => {
    expect(parkAddress("Jibowu Motor Park", "Lagos")).toBe("Park: Jibowu Motor Park, Lagos");
    expect(parkAddress("Unguwa Uku Park, Kano", "Kano")).toBe("Park: Unguwa Uku Park, Kano");
    expect(parkAddress(" Naibawa Motor Park, kano ", "Kano")).toBe("Park: Naibawa Motor Park, kano");
    // A town that is not the state still gets the state.
    expect(parkAddress("Ariaria Motor Park, Aba", "Abia")).toBe("Park: Ariaria Motor Park, Aba, Abia");
  });

  it("never repeats the state for any suggested park", () => {
    for (const [state, parks] of Object.entries(PARKS_BY_STATE)) {
      for (const park of parks) expect(parkAddress(park, state)).not.toMatch(new RegExp(`${state}, ${state}$`, "i"));
    }
  });
});
