import { checkoutDetailsErrors, DOORSTEP_STATE_MESSAGE, parkAddress, UNKNOWN_STATE_MESSAGE } from "./checkout.ts";
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

describe("doorstep delivery", () => {
  const details = { fullName: "Ada Obi", email: "ada@example.com", phone: "0803 123 4567", deliveryMethod: "doorstep", address: "12 Allen Avenue, Ikeja" };
  it("needs a Nigerian state, asked above the address", () => {
    expect(checkoutDetailsErrors(details)).toEqual([{ field: "deliveryState", message: DOORSTEP_STATE_MESSAGE }]);
    expect(checkoutDetailsErrors({ ...details, deliveryState: "Atlantis" })).toEqual([{ field: "deliveryState", message: UNKNOWN_STATE_MESSAGE }]);
    expect(checkoutDetailsErrors({ ...details, address: "", deliveryState: " " }).map((e) => e.field)).toEqual(["deliveryState", "address"]);
    expect(checkoutDetailsErrors({ ...details, deliveryState: "lagos" })).toEqual([]);
    expect(checkoutDetailsErrors({ ...details, deliveryMethod: "pickup", address: null })).toEqual([]);
  });
});
