// The payment section of the thank-you page and the order tracker (bank details, hold countdown,
// receipt upload), loaded beside the order's query instead of before the page's first render: the
// page first shows "Loading…" (or the tracker its lookup form), and the payment section only once an
// order has arrived. Started when this module loads, so it is normally here before the order is.
// (The service worker precaches it.)
import { lazy, Suspense } from "react";
import type { OrderPaymentProps } from "./OrderPayment.tsx";

const loading = import("./OrderPayment.tsx");
const Payment = lazy(() => loading.catch(() => import("./OrderPayment.tsx")).then((module) => ({ default: module.OrderPayment })));

export function LazyOrderPayment(props: OrderPaymentProps) {
  return (
    <Suspense fallback={<p className="page-status">Loading payment details...</p>}>
      <Payment {...props} />
    </Suspense>
  );
}
