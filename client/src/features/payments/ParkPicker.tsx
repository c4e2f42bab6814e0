// Placeholder with the final props; the payments feature implements it (state + common parks per state, free text allowed).
export interface ParkChoice {
  state: string;
  park: string;
}

export function ParkPicker({ value, onChange }: { value: ParkChoice; onChange: (value: ParkChoice) => void }) {
  return (
    <div className="field-row">
      <label>
        Destination state
        <input value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value })} />
      </label>
      <label>
        Motor park
        <input value={value.park} onChange={(e) => onChange({ ...value, park: e.target.value })} />
      </label>
    </div>
  );
}
