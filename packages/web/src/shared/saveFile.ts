/**
 * Hands a downloaded file to the browser under `name` (a temporary link; the address is let go a
 * little later, once the browser has taken the bytes).
 */
export function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
