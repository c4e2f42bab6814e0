// Money as exact whole kobo, written once for the client and the server: the API carries amounts as
// decimal strings ("4500.50"), and they are added, compared and sent to payment providers as kobo,
// never as binary floats. Apart from the formatter (naira.ts), which every page loads: only the
// pages and services that do money arithmetic load this.
/** Exact kobo from a naira amount with at most 2 decimals ("4500.5" → 450050). */
export function toKobo(naira: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(naira.trim());
  if (!match) throw new Error(`Not a naira amount: ${naira}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The naira amount of kobo, as the API's Money strings ("4500.50"; "-200.00" below zero). */
export function fromKobo(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
