// The Nigerian state <select> (checkout's motor park, the admin's per-state fees): the 36 states
// and the FCT, with an empty first choice.
import { NIGERIAN_STATES } from "../../../common/states.ts";

export interface StateSelectProps {
  id?: string;
  value: string;
  onChange: (state: string) => void;
  placeholder?: string;
  /** A form's error wiring (checkout's "Please choose your state"). */
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export function StateSelect({ id, value, onChange, placeholder, ...aria }: StateSelectProps) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
      <option value="">{placeholder ?? "Choose a state"}</option>
      {NIGERIAN_STATES.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </select>
  );
}
