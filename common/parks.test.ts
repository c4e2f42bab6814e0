import { PARKS_BY_STATE, parksInState } from "./parks.ts";
import { canonicalState, NIGERIAN_STATES } from "./states.ts";

describe("motor parks", () => {
  it("list the 36 states and the FCT, each with suggested parks", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(NIGERIAN_STATES).toContain("FCT");
    for (const state of NIGERIAN_STATES) expect(parksInState(state).length).toBeGreaterThan(0);
  });

  it("find a state's parks whatever the case, and nothing for an unknown state", () => {
    expect(parksInState("lagos")).toContain("Jibowu Motor Park");
    expect(parksInState(" Oyo ")).toContain("Iwo Road Park, Ibadan");
    expect(parksInState("Atlantis")).toEqual([]);
    expect(canonicalState("akwa ibom")).toBe("Akwa Ibom");
    expect(canonicalState("Somewhere New")).toBe("Somewhere New");
  });
});

describe("the state list", () => {
  it("names exactly the states that have park suggestions, sorted", () => {
    expect([...NIGERIAN_STATES].sort((a, b) => a.localeCompare(b))).toEqual(NIGERIAN_STATES);
    expect([...Object.keys(PARKS_BY_STATE)].sort((a, b) => a.localeCompare(b))).toEqual(NIGERIAN_STATES);
  });
});
