import fs from 'node:fs';

/**
 * A key from configuration: PEM text (line breaks may be written as "\n" in an environment file),
 * bare base64 as the providers' consoles show it, or the path of a file holding either.
 */
export function readKey(value: string): string {
  const text = value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{64,}$/.test(value) ? value : fs.readFileSync(value, 'utf8');
  return text.replace(/\\n/g, '\n').trim();
}
