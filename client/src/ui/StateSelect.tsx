// The Nigerian state <select> (checkout's motor park, the admin's per-state fees): the 36 states
// and the FCT, with an empty first choice.
import { NIGERIAN_STATES } from "../../../common/states.ts";

export function StateSelect(props: { id?: string; value: string; onChange: (state: string) => void; placeholder?: string }) {
  return (
    <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">{props.placeholder ?? "Choose a state"}</option>
      {NIGERIAN_STATES.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </select>
  );
}
