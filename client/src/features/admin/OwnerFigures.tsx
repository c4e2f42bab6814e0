// The dashboard opens on the owner's numbers: sales, orders and unpaid money for today, 7 and 30
// Lagos days, and how each category sells, as charts with their tables folded under them (issue 41);
// refunds and net sales (paid sales less refunds, issue 38) under paid sales.
// Every figure comes from the server (ownerFigures); the browser only formats them and adds up the
// days for "this week against last week".
import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { DailySalesChart } from "./DailySalesChart.tsx";
import { SellThroughChart } from "./SellThroughChart.tsx";
import { dayLabel } from "./sales-trend.ts";
import { ChannelFigures, PeriodChannelsFragment } from "../sales/ChannelFigures.tsx";
import { ChannelChart, channelsUsed } from "./ChannelChart.tsx";
import "./owner-figures.css";

const OwnerFiguresQuery = graphql(`
  query OwnerFigures {
    ownerFigures {
      holdWarningHours
      awaitingPayment {
        orders
        value
      }
      holdsExpiringSoon {
        orders
        value
      }
      daily {
        date
        ordersPlaced
        paidOrders
        paidSales
        refunds
        netSales
      }
      periods {
        key
        label
        paidSales
        refunds
        netSales
        paidOrders
        paidAfterReminder
        ordersPlaced
        averageOrderValue
        ...PeriodChannels
        categories {
          categoryId
          name
          unitsSold
          unitsInStock
          sellThroughPercent
          medianDaysToSale
        }
        bestCategory {
          name
          sellThroughPercent
        }
        slowestCategory {
          name
          sellThroughPercent
        }
      }
    }
  }
`);

const orders = (n: number) => `${n} order${n === 1 ? "" : "s"}`;

/** The owner's figures, asked by the dashboard, which holds what follows them back until they are
 *  in (AdminDashboardPage.tsx); skipped for staff, who see no figures. */
export function useOwnerFigures(skip: boolean) {
  return useQuery(OwnerFiguresQuery, { fetchPolicy: "cache-and-network", skip });
}

export function OwnerFigures({ query }: { query: ReturnType<typeof useOwnerFigures> }) {
  const { data, error, loading } = query;
  const [periodKey, setPeriodKey] = useState("30d");
  const figures = data?.ownerFigures;
  const period = figures?.periods.find((p) => p.key === periodKey) ?? figures?.periods[0];
  // Orders by channel are drawn for the 30 days; the periods are nested, so none there is none at all.
  const monthFigures = figures?.periods.find((p) => p.key === "30d");
  const month = monthFigures ? getFragmentData(PeriodChannelsFragment, monthFigures) : null;

  return (
    <section className="owner-figures" aria-labelledby="owner-figures-title">
      <h2 id="owner-figures-title">Your numbers</h2>
      {error ? <p className="admin-error" role="alert">Could not load the figures: {error.message}</p> : null}
      {loading && !figures ? <p className="page-status">Loading figures...</p> : null}
      {figures ? (
        <>
          <div className="owner-figures__alerts">
            <p className="owner-figures__alert" data-testid="awaiting-payment">
              <strong>Awaiting payment:</strong> {orders(figures.awaitingPayment.orders)}, {formatNaira(figures.awaitingPayment.value)}
            </p>
            <p className={`owner-figures__alert${figures.holdsExpiringSoon.orders ? " owner-figures__alert--warn" : ""}`} data-testid="holds-expiring">
              <strong>Holds ending within {figures.holdWarningHours} hours:</strong> {orders(figures.holdsExpiringSoon.orders)},{" "}
              {formatNaira(figures.holdsExpiringSoon.value)}
            </p>
          </div>
          {monthFigures ? (
            <p className="owner-figures__net" data-testid="net-sales">
              <strong>{monthFigures.label}:</strong> {formatNaira(monthFigures.paidSales)} paid sales − {formatNaira(monthFigures.refunds)} refunds ={" "}
              <strong>{formatNaira(monthFigures.netSales)} net sales</strong>
            </p>
          ) : null}
          <DailySalesChart days={figures.daily}>
            <details className="figure-chart__data">
              <summary>Table: sales by period and by day</summary>
              <div className="admin-table-wrap">
                <table className="admin-table owner-figures__table">
                  <caption className="visually-hidden">Sales and orders by period (Lagos days)</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="visually-hidden">Figure</span>
                      </th>
                      {figures.periods.map((p) => (
                        <th scope="col" key={p.key}>
                          {p.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      <th scope="row">Paid sales</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{formatNaira(p.paidSales)}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Refunds</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{formatNaira(p.refunds)}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Net sales</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{formatNaira(p.netSales)}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Orders placed</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{p.ordersPlaced}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Paid orders</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{p.paidOrders}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Paid after a reminder</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{p.paidAfterReminder}</td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row">Average order value</th>
                      {figures.periods.map((p) => (
                        <td key={p.key}>{p.averageOrderValue ? formatNaira(p.averageOrderValue) : "—"}</td>
                      ))}
                    </tr>
                  </tbody>
                </table>
              </div>
              <div className="admin-table-wrap">
                <table className="admin-table owner-figures__table owner-figures__days">
                  <caption className="visually-hidden">Sales and orders by Lagos day, oldest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">Paid sales</th>
                      <th scope="col">Paid orders</th>
                      <th scope="col">Orders placed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.daily.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{dayLabel(day.date, true)}</th>
                        <td>{formatNaira(day.paidSales)}</td>
                        <td>{day.paidOrders}</td>
                        <td>{day.ordersPlaced}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </DailySalesChart>
          {month && channelsUsed(month.channels).length ? (
            <ChannelChart channels={month.channels} period={month.label}>
              <details className="figure-chart__data">
                <summary>Table: sales by channel</summary>
                <ChannelFigures periods={figures.periods} />
              </details>
            </ChannelChart>
          ) : null}
          {period ? (
            <div className="owner-figures__categories">
              <div className="admin-filters">
                <label>
                  Categories for
                  <select value={period.key} onChange={(e) => setPeriodKey(e.target.value)}>
                    {figures.periods.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.label}
                      </option>
                    ))}
                  </select>
                </label>
                <p className="admin-muted">
                  {period.bestCategory ? `Best: ${period.bestCategory.name} (${period.bestCategory.sellThroughPercent}%)` : "No sales yet"}
                  {period.slowestCategory ? ` · Slowest: ${period.slowestCategory.name} (${period.slowestCategory.sellThroughPercent}%)` : ""}
                </p>
              </div>
              <SellThroughChart categories={period.categories} period={period.label}>
                <details className="figure-chart__data">
                  <summary>Table: categories, {period.label.toLowerCase()}</summary>
                  <div className="admin-table-wrap">
                    <table className="admin-table">
                      <caption className="visually-hidden">Categories, {period.label}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Category</th>
                          <th scope="col">Sold</th>
                          <th scope="col">In stock</th>
                          <th scope="col" title="Units sold ÷ (units sold + units in stock now)">
                            Sell-through
                          </th>
                          <th scope="col">Median days to sell</th>
                        </tr>
                      </thead>
                      <tbody>
                        {period.categories.map((c) => (
                          <tr key={c.categoryId ?? "none"}>
                            <th scope="row">{c.name}</th>
                            <td>{c.unitsSold}</td>
                            <td>{c.unitsInStock}</td>
                            <td>{c.sellThroughPercent === null ? "—" : `${c.sellThroughPercent}%`}</td>
                            <td>{c.medianDaysToSale ?? "—"}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              </SellThroughChart>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
