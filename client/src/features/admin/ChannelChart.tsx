// Orders by sale channel over the last 30 days as horizontal bars (issue 41 with decision 035's
// channels), the channel table folded under it as the data view. Bars are orders placed; the paid
// sales are said beside them. Channels without an order or a sale in the period are left out.
import { useId, type ReactNode } from "react";
import { formatNaira } from "../../../../common/naira.ts";
import { SALE_CHANNEL_LABELS, type SaleChannelName } from "../../../../common/sale-channels.ts";
import { BarList } from "./BarList.tsx";

export interface ChartChannel {
  channel: SaleChannelName;
  ordersPlaced: number;
  paidSales: string;
}

const orders = (n: number) => `${n} order${n === 1 ? "" : "s"}`;

/** The channels worth a bar: some order placed or money paid in the period. */
export const channelsUsed = (channels: ChartChannel[]) => channels.filter((c) => c.ordersPlaced > 0 || Number(c.paidSales) > 0);

export function ChannelChart({ channels, period, children }: { channels: ChartChannel[]; period: string; children?: ReactNode }) {
  const id = useId();
  const used = channelsUsed(channels);
  const most = Math.max(1, ...used.map((c) => c.ordersPlaced));
  return (
    <figure className="figure-chart" aria-labelledby={`${id}-title`}>
      <figcaption className="figure-chart__caption">
        <h3 id={`${id}-title`}>Orders by channel, {period.toLowerCase()}</h3>
      </figcaption>
      <BarList
        rows={used.map((c) => ({
          key: c.channel,
          name: SALE_CHANNEL_LABELS[c.channel],
          share: c.ordersPlaced / most,
          value: (
            <>
              {orders(c.ordersPlaced)}
              <span className="admin-muted"> · {formatNaira(c.paidSales)} paid</span>
            </>
          ),
        }))}
      />
      {children}
    </figure>
  );
}
