// A button whose action needs the page's JavaScript (add to cart, save, steppers, Load more).
// On a server-rendered page it arrives disabled and turns on once the page is hydrated: React 19
// drops a tap on a part of the page whose code is still downloading (it does not replay it), so an
// enabled-looking button would swallow the shopper's tap on a slow network. With JavaScript off it
// stays disabled, which is the truth there.
import type { ButtonHTMLAttributes } from "react";
import { useMounted } from "../lib/hydration.tsx";

export function ActionButton({ disabled, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const mounted = useMounted();
  return <button type={type} disabled={!mounted || disabled} {...props} />;
}
