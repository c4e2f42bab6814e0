// "Chat about this order": opens WhatsApp with the store's number and the order prefilled.
import { orderChatLink } from "../../../../common/whatsapp.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { Icon } from "../../ui/Icon.tsx";

export interface WhatsAppOrderLinkProps {
  reference: string;
  total: string;
  name: string;
}

export function WhatsAppOrderLink({ reference, total, name }: WhatsAppOrderLinkProps) {
  if (!storeSettings.whatsapp) return null;
  return (
    <a className="button whatsapp-link no-print" href={orderChatLink(storeSettings.whatsapp, { reference, total, name })} target="_blank" rel="noopener noreferrer">
      <Icon name="whatsapp" /> Chat about this order
    </a>
  );
}
