// "Chat about this order": opens WhatsApp with the store's number and the order prefilled. The name
// is the owner's (null, so left out, for anyone else looking at the order).
import { orderChatLink } from "../../../../common/whatsapp.ts";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { Icon } from "../../ui/Icon.tsx";

export const WhatsAppOrderLinkFragment = graphql(`
  fragment WhatsAppOrderLink on Order {
    shortOrderId
    total
    customerName
  }
`);

export function WhatsAppOrderLink(props: { order: FragmentType<typeof WhatsAppOrderLinkFragment> }) {
  const order = getFragmentData(WhatsAppOrderLinkFragment, props.order);
  if (!storeSettings.whatsapp) return null;
  const href = orderChatLink(storeSettings.whatsapp, { reference: order.shortOrderId, total: order.total, name: order.customerName ?? "" });
  return (
    <a className="button whatsapp-link no-print" href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="whatsapp" /> Chat about this order
    </a>
  );
}
