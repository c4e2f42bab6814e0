// A buyer's contact details as a page anyone holding an order's link may see (the payment page,
// decision 035): enough for the buyer to recognise their order, never enough to reach them. The
// link travels through chats, so the full phone number, email and street address stay private.
const DOT = "•••";

/** "+2348055551234" → "0805 ••• ••34". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const local = digits.startsWith("234") ? `0${digits.slice(3)}` : digits;
  return local.length < 7 ? DOT : `${local.slice(0, 4)} ${DOT} ••${local.slice(-2)}`;
}

/** "tolu@example.ng" → "t•••@example.ng". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 1 ? DOT : `${email[0]}${DOT}${email.slice(at)}`;
}

/** A doorstep address keeps only its last part, the area or town: "4 Bode Thomas Street, Surulere" → "•••, Surulere". */
export function maskAddress(address: string): string {
  const parts = address.split(",").map((part) => part.trim()).filter(Boolean);
  return parts.length > 1 ? `${DOT}, ${parts.at(-1)}` : DOT;
}

/** The first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
