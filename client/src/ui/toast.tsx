// Toasts: call toast("Added to cart!") from anywhere; <Toaster/> in the layout shows them.
import { useEffect, useState } from "react";

export type ToastKind = "success" | "error" | "info";
interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

const EVENT = "app-toast";
/** What one "clear the errors" call sends: no message, only the kind to drop. */
const CLEAR = "app-toast-clear";
/** At most this many on screen: more covered a quarter of a phone screen (issue 40, finding 8). */
const MAX_ON_SCREEN = 2;
let nextId = 1;

export function toast(message: string, kind: ToastKind = "success") {
  window.dispatchEvent(new CustomEvent<ToastItem>(EVENT, { detail: { id: nextId++, message, kind } }));
}
toast.error = (message: string) => toast(message, "error");
toast.info = (message: string) => toast(message, "info");
/** Takes the error toasts off screen: what they complained about has been put right. */
toast.clearErrors = () => window.dispatchEvent(new Event(CLEAR));

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => {
    const onToast = (event: Event) => {
      const item = (event as CustomEvent<ToastItem>).detail;
      // The same message again replaces the one on screen (its time restarts) instead of stacking:
      // four identical toasts covered a third of a phone screen.
      setItems((current) => [...current.filter((t) => t.message !== item.message || t.kind !== item.kind).slice(1 - MAX_ON_SCREEN), item]);
      window.setTimeout(() => setItems((current) => current.filter((t) => t.id !== item.id)), 4000);
    };
    const onClear = () => setItems((current) => current.filter((t) => t.kind !== "error"));
    window.addEventListener(EVENT, onToast);
    window.addEventListener(CLEAR, onClear);
    return () => {
      window.removeEventListener(EVENT, onToast);
      window.removeEventListener(CLEAR, onClear);
    };
  }, []);
  return (
    <div className="toaster no-print" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`}>
          {item.message}
        </div>
      ))}
    </div>
  );
}
