// The one naira formatter: "₦12,500", kobo only when non-zero ("₦12,500.50").
// Independent of the browser's locale: grouping is done by hand, not by Intl.

export function formatNaira(amount: string | number): string {
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return "₦0";
  const negative = value < 0;
  const kobo = Math.round(Math.abs(value) * 100);
  const naira = Math.floor(kobo / 100).toString();
  const rest = kobo % 100;
  const grouped = naira.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}₦${grouped}${rest ? `.${rest.toString().padStart(2, "0")}` : ""}`;
}
