// Placeholder with the final props; the payments feature implements it.
export interface WhatsAppOrderLinkProps {
  reference: string;
  total: string;
  name: string;
}

export function WhatsAppOrderLink(_props: WhatsAppOrderLinkProps) {
  return null;
}
