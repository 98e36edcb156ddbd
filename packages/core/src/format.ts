/** Dates are shown as YYYY/MM/DD everywhere (spec 000 §9). */
export function formatDate(value: number | Date | string, withTime = false): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** Shows an unread count with the 99+ cap. */
export function badgeCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}

/** Amount in cents as yuan with two decimals. */
export function formatYuan(cents: number): string {
  return (cents / 100).toFixed(2);
}
