/**
 * One cell of a CSV the server writes for people to open in a spreadsheet (the batch ZIP's
 * manifest.csv). Quoted when it holds a quote, comma or line break; and a text that a spreadsheet
 * would take for a formula (starting with =, +, -, @, a tab or a carriage return: "CSV injection")
 * is prefixed with an apostrophe, so a batch or file named `=HYPERLINK(...)` stays text (issue 42).
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
