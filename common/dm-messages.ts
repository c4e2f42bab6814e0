// Messages the owner sends into a buyer's chat (issue 35, decision 035): the order just taken by
// hand, with its payment link, and a piece as one message for a DM. Admin screens only; apart from
// whatsapp.ts, which every shopper page loads, so none of this reaches the shoppers' bundles.
import { formatNaira } from "./naira.ts";
import { whatsappLink, type ProductChat } from "./whatsapp.ts";

/** Sending to a buyer's own number: a wa.me link that opens the chat with them, message prefilled. */
export function buyerChatLink(buyerPhone: string, text: string): string {
  return whatsappLink(buyerPhone.startsWith("+") ? buyerPhone.slice(1) : buyerPhone, text);
}

export interface TakenOrderMessage {
  storeName: string;
  buyerName: string;
  reference: string;
  items: { productName: string; quantity: number; price: string }[];
  deliveryFee: string;
  total: string;
  /** The order's payment link; null once it is paid (decision 035). */
  paymentLink: string | null;
}

/** The message the owner sends a DM buyer after taking their order: the pieces, the total and the
 *  link to pay (or that it is paid). */
export function takenOrderText(order: TakenOrderMessage): string {
  const lines = order.items.map((item) => `- ${item.productName}${item.quantity > 1 ? ` × ${item.quantity}` : ""}: ${formatNaira(item.price)}`);
  const delivery = Number(order.deliveryFee) > 0 ? formatNaira(order.deliveryFee) : "Free";
  const pay = order.paymentLink
    ? `Pay by bank transfer here and upload your receipt (no sign-up needed): ${order.paymentLink}`
    : "Paid. Thank you!";
  const name = order.buyerName.trim().split(/\s+/)[0];
  return [`Hello ${name}, thank you for your order ${order.reference} from ${order.storeName}:`, ...lines, `Delivery: ${delivery}`, `Total: ${formatNaira(order.total)}`, pay].join(
    "\n",
  );
}

export interface PieceForDm extends ProductChat {
  condition?: string | null;
  /** "Chest 52 cm, length 70 cm" */
  measurements?: string | null;
}

/** "Copy for DM": one message with the piece's name, price, condition, size, measurements and link. */
export function pieceDmText(piece: PieceForDm): string {
  return [
    `${piece.name} · ${formatNaira(piece.price)}`,
    piece.condition ? `Condition: ${piece.condition}` : null,
    piece.size ? `Size: ${piece.size}` : null,
    piece.measurements ? `Measurements: ${piece.measurements}` : null,
    piece.url,
  ]
    .filter(Boolean)
    .join("\n");
}
