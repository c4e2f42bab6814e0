// Motor-park delivery: the destination state, then a park (common parks suggested, any name allowed).
import { useId } from "react";
import { parksInState } from "../../../../common/parks.ts";
import { StateSelect } from "../../ui/StateSelect.tsx";

export interface ParkChoice {
  state: string;
  park: string;
}

export function ParkPicker({ value, onChange }: { value: ParkChoice; onChange: (value: ParkChoice) => void }) {
  const id = useId();
  const parks = parksInState(value.state);
  return (
    <div className="field-row park-picker">
      <label>
        Destination state
        <StateSelect value={value.state} onChange={(state) => onChange({ state, park: "" })} />
      </label>
      <label>
        Motor park
        <input
          value={value.park}
          list={`${id}-parks`}
          maxLength={100}
          placeholder={value.state ? "Choose or type the park" : "Choose a state first"}
          onChange={(e) => onChange({ ...value, park: e.target.value })}
        />
        <datalist id={`${id}-parks`}>
          {parks.map((park) => (
            <option key={park} value={park} />
          ))}
        </datalist>
      </label>
      {parks.length > 0 && (
        <div className="park-picker__suggestions" role="group" aria-label={`Common parks in ${value.state}`}>
          {parks.map((park) => (
            <button
              key={park}
              type="button"
              className="chip chip--sub"
              aria-pressed={value.park === park}
              onClick={() => onChange({ ...value, park })}
            >
              {park}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
