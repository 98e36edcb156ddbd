import { fetchWithRetry } from '../http/outbound.ts';
import type { Sender } from './types.ts';

const TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway: `POST SMS_URL` with JSON `{ to, text, code }`; any 2xx answer means
 * accepted. Credentials in the URL (`https://user:key@gw.example.com/send`) are sent as HTTP Basic
 * authorization, since fetch refuses URLs that carry them. A gateway with another protocol sits
 * behind a small relay that speaks this one.
 */
export function httpSmsSender(smsUrl: string): Sender {
  const url = new URL(smsUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const endpoint = url.toString();
  return {
    provider: 'http',
    async send(message) {
      const response = await fetchWithRetry(
        endpoint,
        { method: 'POST', headers, body: JSON.stringify({ to: message.to, text: message.text, code: message.code }) },
        { timeoutMs: TIMEOUT_MS },
      );
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS gateway answered ${response.status}: ${detail}`);
      }
    },
  };
}
