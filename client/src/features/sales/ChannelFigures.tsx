// The owner's sales by channel (decision 035): for each period, where the orders and the paid sales
// came from (web store, WhatsApp, Instagram, in person, other). The server lists every channel with
// the same definitions as the period's totals; channels with nothing in any period are left out.
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { SALE_CHANNEL_LABELS } from "../../../../common/sale-channels.ts";

export const PeriodChannelsFragment = graphql(`
  fragment PeriodChannels on PeriodFigures {
    key
    label
    channels {
      channel
      ordersPlaced
      paidOrders
      paidSales
    }
  }
`);

export function ChannelFigures(props: { periods: FragmentType<typeof PeriodChannelsFragment>[] }) {
  const periods = props.periods.map((period) => getFragmentData(PeriodChannelsFragment, period));
  const channels = (periods[0]?.channels ?? [])
    .map((c) => c.channel)
    .filter((channel) => periods.some((p) => p.channels.some((c) => c.channel === channel && (c.ordersPlaced || c.paidOrders))));
  if (!channels.length) return null;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table owner-figures__table" data-testid="channel-figures">
        <caption>Sales by channel (paid sales · orders placed)</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Channel</span>
            </th>
            {periods.map((p) => (
              <th scope="col" key={p.key}>
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel}>
              <th scope="row">{SALE_CHANNEL_LABELS[channel]}</th>
              {periods.map((p) => {
                const figures = p.channels.find((c) => c.channel === channel)!;
                return (
                  <td key={p.key}>
                    {formatNaira(figures.paidSales)} · {figures.ordersPlaced}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
