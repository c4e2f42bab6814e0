// One size chart as a table: a row heading (the size or the age) and its measurement columns. The
// Size Chart page shows the ladies', men's and kids' charts with it; scrollable on a phone.
import type { ReactNode } from "react";

export interface SizeChartColumn<Row> {
  heading: string;
  cell: (row: Row) => ReactNode;
}

/** A body measurement range in inches, e.g. "34-36". */
export const range = ([from, to]: readonly [number, number]) => `${from}-${to}`;

export function SizeChartTable<Row>({
  label,
  rowHeading,
  rowName,
  columns,
  rows,
}: {
  label: string;
  rowHeading: string;
  rowName: (row: Row) => string;
  columns: readonly SizeChartColumn<Row>[];
  rows: readonly Row[];
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="size-chart">
        <thead>
          <tr>
            <th scope="col">{rowHeading}</th>
            {columns.map((column) => (
              <th key={column.heading} scope="col">
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowName(row)}>
              <th scope="row">{rowName(row)}</th>
              {columns.map((column) => (
                <td key={column.heading}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
