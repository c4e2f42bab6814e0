// Toasts: call toast("Added to cart!") from anywhere; <Toaster/> in the layout shows them.
import { useEffect, useState } from "react";

export type ToastKind = "success" | "error" | "info";
interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

const EVENT = "app-toast";
let nextId = 1;

export function toast(message: string, kind: ToastKind = "success") {
  window.dispatchEvent(new CustomEvent<ToastItem>(EVENT, { detail: { id: nextId++, message, kind } }));
}
toast.error = (message: string) => toast(message, "error");
toast.info = (message: string) => toast(message, "info");

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => {
    const onToast = (event: Event) => {
      const item = (event as CustomEvent<ToastItem>).detail;
      // The same message again replaces the one on screen (its time restarts) instead of stacking:
      // four identical toasts covered a third of a phone screen.
      setItems((current) => [...current.filter((t) => t.message !== item.message || t.kind !== item.kind).slice(-2), item]);
      window.setTimeout(() => setItems((current) => current.filter((t) => t.id !== item.id)), 4000);
    };
    window.addEventListener(EVENT, onToast);
    return () => window.removeEventListener(EVENT, onToast);
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
