// The phone number a guest gave at checkout: with no account, it is what finds their orders (the
// order details, the emailed references). Same hints as checkout's field, so the keyboard and the
// autofill match what they typed there.
export function CheckoutPhoneField({ value, onChange }: { value: string; onChange: (phone: string) => void }) {
  return (
    <label>
      Phone number
      <input type="tel" value={value} maxLength={20} autoComplete="tel" inputMode="tel" placeholder="0803 123 4567" onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
