// The dashboard's picture of the month: paid sales per Lagos day for 30 days as SVG bars, this week
// against last week in words above it, and the day table folded under it (decision 039). One tab
// stop: arrow keys, Home and End move between days; focusing or tapping a bar shows its day and
// amount above the chart.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { formatNaira } from "../../../../common/naira.ts";
import { dayLabel, scaleTop, weekOnWeek } from "./sales-trend.ts";

export interface ChartDay {
  date: string;
  ordersPlaced: number;
  paidOrders: number;
  paidSales: string;
  /** Money sent back that day (refunds); said only on a day that had some. */
  refunds?: string;
}

// Drawing units: the SVG stretches to its box (preserveAspectRatio none), so only ratios matter.
const WIDTH = 300;
const HEIGHT = 100;

const paidOrders = (n: number) => `${n} paid order${n === 1 ? "" : "s"}`;
const refunded = (day: ChartDay) => (day.refunds && Number(day.refunds) > 0 ? `, ${formatNaira(day.refunds)} refunded` : "");
const describeDay = (day: ChartDay) => `${dayLabel(day.date, true)}: ${formatNaira(day.paidSales)}, ${paidOrders(day.paidOrders)}${refunded(day)}`;

export function DailySalesChart({ days, children }: { days: ChartDay[]; children?: ReactNode }) {
  const id = useId();
  const [selected, setSelected] = useState(days.length - 1);
  const bars = useRef<(SVGGElement | null)[]>([]);
  const largest = Math.max(...days.map((d) => Number(d.paidSales)));
  const top = scaleTop(largest);
  const slot = WIDTH / days.length;
  const current = days[Math.min(selected, days.length - 1)];

  function choose(index: number, focus: boolean) {
    setSelected(index);
    if (focus) bars.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = days.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowRight: selected + 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(Math.max(0, Math.min(last, moves[event.key]!)), true);
  }

  if (!current) return null;
  return (
    <figure className="figure-chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-trend`}>
      <figcaption className="figure-chart__caption">
        <h3 id={`${id}-title`}>Paid sales per day</h3>
        <p id={`${id}-trend`} className="figure-chart__headline" data-testid="sales-trend">
          {weekOnWeek(days)}
        </p>
      </figcaption>
      <p className="figure-chart__readout" data-testid="sales-readout">
        {describeDay(current)}
      </p>
      <div className="day-bars">
        <span className="day-bars__top" aria-hidden="true">
          {largest > 0 ? formatNaira(top) : null}
        </span>
        <svg
          className="day-bars__plot"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="group"
          aria-label={`Paid sales, ${dayLabel(days[0]!.date)} to ${dayLabel(days[days.length - 1]!.date)}; arrow keys move between days`}
          onKeyDown={onKeyDown}
        >
          <line className="day-bars__grid" x1={0} x2={WIDTH} y1={0.5} y2={0.5} vectorEffect="non-scaling-stroke" />
          <line className="day-bars__grid" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
          {days.map((day, index) => {
            const height = (Number(day.paidSales) / top) * HEIGHT;
            return (
              <g
                key={day.date}
                ref={(el) => {
                  bars.current[index] = el;
                }}
                className={`day-bars__day${index === selected ? " is-selected" : ""}`}
                role="img"
                aria-label={describeDay(day)}
                tabIndex={index === selected ? 0 : -1}
                onFocus={() => setSelected(index)}
                onClick={() => choose(index, true)}
              >
                {/* The whole column answers a tap, also on a day without sales. */}
                <rect className="day-bars__hit" x={index * slot} y={0} width={slot} height={HEIGHT} vectorEffect="non-scaling-stroke" />
                <rect
                  className="day-bars__bar"
                  x={index * slot + slot * 0.15}
                  y={HEIGHT - height}
                  width={slot * 0.7}
                  height={height}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            );
          })}
        </svg>
        <span className="day-bars__axis" aria-hidden="true">
          <span>{dayLabel(days[0]!.date)}</span>
          <span>today</span>
        </span>
      </div>
      {children}
    </figure>
  );
}
