import { deliveryFeeFor, feeAwaitsState, lowestFee, type DeliveryFeeTable } from "./delivery.ts";
import { checkFeeTable, parseFeeAmount } from "./delivery-validation.ts";

const TABLE: DeliveryFeeTable = {
  doorstepFee: "3500.00",
  parkFee: "2500.00",
  freeDeliveryThreshold: "100000.00",
  stateFees: [
    { method: "doorstep", state: "Lagos", fee: "1500.00" },
    { method: "park", state: "Kano", fee: "4000.50" },
  ],
};

describe("delivery fees", () => {
  it("charge a state's own fee, else the fee for other states; pickup is free", () => {
    expect(deliveryFeeFor(TABLE, "doorstep", "lagos", "5000.00")).toBe("1500.00");
    expect(deliveryFeeFor(TABLE, "doorstep", "Oyo", "5000.00")).toBe("3500.00");
    expect(deliveryFeeFor(TABLE, "doorstep", null, "5000.00")).toBe("3500.00");
    expect(deliveryFeeFor(TABLE, "park", "Kano", "5000.00")).toBe("4000.50");
    expect(deliveryFeeFor(TABLE, "park", "Lagos", "5000.00")).toBe("2500.00");
    expect(deliveryFeeFor(TABLE, "pickup", "Lagos", "5000.00")).toBe("0.00");
  });

  it("are free from the threshold up, to the kobo", () => {
    expect(deliveryFeeFor(TABLE, "park", "Kano", "99999.99")).toBe("4000.50");
    expect(deliveryFeeFor(TABLE, "park", "Kano", "100000.00")).toBe("0.00");
    expect(deliveryFeeFor({ ...TABLE, freeDeliveryThreshold: null }, "park", "Kano", "9999999.00")).toBe("4000.50");
    expect(lowestFee(TABLE, "doorstep")).toBe("1500.00");
  });

  it("read the owner's amounts exactly and refuse anything ambiguous", () => {
    expect(["1500", "1,500", "₦1,500.5", " 0 ", "12500.25"].map(parseFeeAmount)).toEqual(["1500.00", "1500.00", "1500.50", "0.00", "12500.25"]);
    expect(["-1", "1.234", "1,50", "abc", "", "1e3", "10000000000"].map(parseFeeAmount)).toEqual([null, null, null, null, null, null, null]);
    const { errors } = checkFeeTable({
      doorstepFee: "-5",
      parkFee: "2000",
      freeDeliveryThreshold: "",
      stateFees: [
        { method: "doorstep", state: "Atlantis", fee: "100" },
        { method: "park", state: "lagos", fee: "100" },
        { method: "park", state: "Lagos", fee: "200" },
        { method: "pickup", state: "Oyo", fee: "1.234" },
      ],
    });
    expect(errors.map((e) => e.field)).toEqual(["doorstepFee", "stateFees.0.state", "stateFees.2.state", "stateFees.3.method", "stateFees.3.fee"]);
  });
});

describe("a fee that waits for the state", () => {
  it("is unknown until the state is chosen, when states have fees of their own", () => {
    expect(feeAwaitsState(TABLE, "doorstep", "", "5000.00")).toBe(true);
    expect(feeAwaitsState(TABLE, "doorstep", "Lagos", "5000.00")).toBe(false);
    expect(feeAwaitsState(TABLE, "pickup", null, "5000.00")).toBe(false);
    // Free from the threshold, or one fee for every state: nothing to wait for.
    expect(feeAwaitsState(TABLE, "doorstep", null, "100000.00")).toBe(false);
    expect(feeAwaitsState({ ...TABLE, stateFees: [] }, "doorstep", null, "5000.00")).toBe(false);
  });
});
