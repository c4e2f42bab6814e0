// Sell-through per category as horizontal bars (decision 039), the category table folded under it
// as the data view.
import { useId, type ReactNode } from "react";
import { BarList } from "./BarList.tsx";

export interface ChartCategory {
  categoryId: string | null;
  name: string;
  unitsSold: number;
  unitsInStock: number;
  sellThroughPercent: string | null;
}

export function SellThroughChart({ categories, period, children }: { categories: ChartCategory[]; period: string; children?: ReactNode }) {
  const id = useId();
  return (
    <figure className="figure-chart" aria-labelledby={`${id}-title`}>
      <figcaption className="figure-chart__caption">
        <h3 id={`${id}-title`}>Sell-through by category, {period.toLowerCase()}</h3>
        <p className="admin-muted">Units sold ÷ (units sold + units in stock now)</p>
      </figcaption>
      {categories.length ? (
        <BarList
          rows={categories.map((c) => ({
            key: c.categoryId ?? "none",
            name: c.name,
            share: Number(c.sellThroughPercent ?? 0) / 100,
            value: (
              <>
                {c.sellThroughPercent === null ? "—" : `${c.sellThroughPercent}%`}
                <span className="admin-muted">
                  {" "}
                  · {c.unitsSold} sold, {c.unitsInStock} in stock
                </span>
              </>
            ),
          }))}
        />
      ) : (
        <p className="admin-muted">No categories with pieces sold or in stock.</p>
      )}
      {children}
    </figure>
  );
}
