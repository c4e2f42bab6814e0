// Nigerian phone numbers: accepted as 0803 123 4567, 803..., 234803..., +234 803...; stored as +234XXXXXXXXXX.
import { MESSAGES } from "./validation.ts";

/** +2348031234567, or null when it is not a Nigerian mobile/landline number. */
export function normalizeNigerianPhone(input: string): string | null {
  // People often write the trunk zero after the country code: +234 (0)803 ….
  const digits = input.replace(/[\s\-().]/g, "").replace(/^(\+?234)0(?=\d{10}$)/, "$1");
  let national: string;
  if (/^\+234\d{10}$/.test(digits)) national = digits.slice(4);
  else if (/^234\d{10}$/.test(digits)) national = digits.slice(3);
  else if (/^0\d{10}$/.test(digits)) national = digits.slice(1);
  else if (/^[789]\d{9}$/.test(digits)) national = digits;
  else return null;
  // Mobile numbers start 70x, 80x, 81x, 90x, 91x; landlines with an area code (1–9).
  if (!/^[1-9]\d{9}$/.test(national)) return null;
  return `+234${national}`;
}

/** The spec's message for short input, a clear one for a wrong number. */
export function phoneError(input: string): string | null {
  if (input.trim().length < 10) return MESSAGES.phone;
  return normalizeNigerianPhone(input) ? null : "Enter a valid Nigerian phone number, e.g. 0803 123 4567";
}

/**
 * A phone number as people read it: a Nigerian number in the stored +234 form spaced in groups
 * ("+234 706 555 1212"), anything else (an old row, a foreign number) as it was stored.
 */
export function formatPhone(phone: string): string {
  const normalized = normalizeNigerianPhone(phone);
  if (!normalized) return phone;
  const national = normalized.slice(4);
  return `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
