// Sell-through per category as horizontal bars (decision 039): a list whose rows say their figures
// in words, so the bars (SVG) are decoration for the eye and the text is the alternative. The
// category table stays folded under it as the data view.
import { useId, type ReactNode } from "react";

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
        <ul className="category-bars">
          {categories.map((c) => {
            const percent = Number(c.sellThroughPercent ?? 0);
            return (
              <li key={c.categoryId ?? "none"} className="category-bars__row">
                <span className="category-bars__name">{c.name}</span>
                <span className="category-bars__value">
                  {c.sellThroughPercent === null ? "—" : `${c.sellThroughPercent}%`}
                  <span className="admin-muted">
                    {" "}
                    · {c.unitsSold} sold, {c.unitsInStock} in stock
                  </span>
                </span>
                <svg className="category-bars__track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                  <rect className="category-bars__rest" x={0} y={0} width={100} height={10} />
                  <rect className="category-bars__sold" x={0} y={0} width={percent} height={10} />
                </svg>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="admin-muted">No categories with pieces sold or in stock.</p>
      )}
      {children}
    </figure>
  );
}
