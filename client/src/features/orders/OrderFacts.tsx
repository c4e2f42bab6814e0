// A list of labelled order facts (<dl class="order-facts">); falsy entries are left out, so callers
// can write `order.waybillNumber && ["Waybill number", order.waybillNumber]`.
import type { ReactNode } from "react";

export type OrderFact = [label: string, value: ReactNode] | false | null | undefined | "";

export function OrderFacts({ facts }: { facts: OrderFact[] }) {
  return (
    <dl className="order-facts">
      {facts
        .filter((fact): fact is [string, ReactNode] => Boolean(fact))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
