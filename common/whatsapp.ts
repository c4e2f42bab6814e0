// wa.me links with a prefilled message. The store's number comes from settings (digits only,
// international form, e.g. 2348035550142); amounts use the one naira formatter.
import { formatNaira } from "./naira.ts";

/** Digits only, in international form: a local 0803… number becomes 234803…. */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  return digits;
}

export function whatsappLink(storeNumber: string, text: string): string {
  return `https://wa.me/${whatsappNumber(storeNumber)}?text=${encodeURIComponent(text)}`;
}

export interface OrderChat {
  reference: string;
  total: string | number;
  name: string;
}

export function orderChatText(order: OrderChat): string {
  const name = order.name.trim();
  return `Hello, I'm ${name || "a customer"}. I'm writing about my order ${order.reference} (total ${formatNaira(order.total)}).`;
}

/** "Chat about this order": reference, total and the shopper's name prefilled. */
export function orderChatLink(storeNumber: string, order: OrderChat): string {
  return whatsappLink(storeNumber, orderChatText(order));
}

export interface ProductChat {
  name: string;
  price: string | number;
  url: string;
  size?: string | null;
}

export function productQuestionText(product: ProductChat): string {
  const size = product.size ? `, size ${product.size}` : "";
  return `Hello, is this still available? ${product.name}${size} (${formatNaira(product.price)}) ${product.url}`;
}

/** "Ask on WhatsApp" from a product page. */
export function productQuestionLink(storeNumber: string, product: ProductChat): string {
  return whatsappLink(storeNumber, productQuestionText(product));
}

/** A share link (no store number): the shopper picks whom to send the product to. */
export function productShareLink(product: ProductChat): string {
  return `https://wa.me/?text=${encodeURIComponent(`${product.name} for ${formatNaira(product.price)}: ${product.url}`)}`;
}
