// CSV for spreadsheets: RFC 4180 quoting (csv-stringify), CRLF rows, and a UTF-8 byte-order mark
// so Excel reads ₦ and accented names as UTF-8 instead of the machine's code page.
import { stringify } from "csv-stringify/sync";

export const UTF8_BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula (starts with =, +, -, @, tab or carriage return)
 * gets a leading apostrophe, which Excel and LibreOffice show as text (OWASP "CSV injection").
 * Numbers we write ourselves (prices, quantities) are never negative, so they pass unchanged.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cells = rows.map((row) => row.map((cell) => neutralizeFormula(cell === null ? "" : String(cell))));
  return UTF8_BOM + stringify([header, ...cells], { record_delimiter: "windows", quoted_match: /^\s|\s$/ });
}
