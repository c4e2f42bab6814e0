// Horizontal bars as a list (decision 039): each row says its figures in words, so the SVG bar is
// decoration for the eye and the text is its alternative. Sell-through by category and orders by
// channel draw with it.
import type { ReactNode } from "react";

export interface BarRow {
  key: string;
  name: string;
  /** What the bar shows, in words, beside the name. */
  value: ReactNode;
  /** Length of the bar, 0–1. */
  share: number;
}

export function BarList({ rows }: { rows: BarRow[] }) {
  return (
    <ul className="bar-list">
      {rows.map((row) => (
        <li key={row.key} className="bar-list__row">
          <span className="bar-list__name">{row.name}</span>
          <span className="bar-list__value">{row.value}</span>
          <svg className="bar-list__track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect className="bar-list__rest" x={0} y={0} width={100} height={10} />
            <rect className="bar-list__bar" x={0} y={0} width={Math.max(0, Math.min(1, row.share)) * 100} height={10} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
