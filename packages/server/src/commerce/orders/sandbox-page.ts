import { formatYuan, type Language, OPEN_ORDER_STATUSES, ORDER_STATUS } from '@productimage/core';
import { translate } from '../../platform/http/i18n.ts';
import type { OrderRow } from './orders.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The sandbox provider's own pay page: what a payer would see after scanning the QR code. It shows
 * the order, the QR code of this very page (to open it on a phone) and three buttons that play the
 * outcome; each posts to /api/payments/sandbox/:orderNo/pay, which sends the signed notification.
 * Its one inline script runs by `nonce` (see `sandboxPagePolicy`); nothing else may run or load.
 */
export const sandboxPagePolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export function sandboxPage(order: OrderRow, qrCode: string, lang: Language, nonce: string): string {
  const t = (key: string, params: Record<string, unknown> = {}) => escapeHtml(translate(lang, `orders:sandbox.${key}`, params));
  const name = escapeHtml(lang === 'en' ? order.name_en : order.name_zh);
  const open = OPEN_ORDER_STATUSES.includes(order.status);
  const closedText =
    order.status === ORDER_STATUS.PAID ? t('paid') : order.status === ORDER_STATUS.FAILED ? t('failedResult') : t('notPayable');
  const messages = JSON.stringify({
    success: translate(lang, 'orders:sandbox.paid'),
    fail: translate(lang, 'orders:sandbox.failedResult'),
    timeout: translate(lang, 'orders:sandbox.timedOut'),
    working: translate(lang, 'orders:sandbox.working'),
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('pageTitle')}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f2f3f5; margin: 0; color: #1c1f23; }
  main { max-width: 420px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; text-align: center; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  .notice { background: #fff7e8; color: #8a5a00; border-radius: 8px; padding: 8px 12px; font-size: 13px; }
  .amount { font-size: 28px; font-weight: 600; color: #2352d8; margin: 12px 0; }
  .meta { color: #6b7075; font-size: 13px; }
  img { width: 180px; height: 180px; margin: 12px auto; display: block; }
  button { display: block; width: 100%; margin: 8px 0; padding: 12px; font-size: 15px; border-radius: 8px; border: 1px solid #c6cacd; background: #fff; cursor: pointer; }
  button.primary { background: #2352d8; color: #fff; border-color: #2352d8; }
  button:disabled { opacity: .5; cursor: default; }
  #result { margin-top: 12px; font-weight: 600; min-height: 1.5em; }
</style>
</head>
<body>
<main data-testid="sandbox-pay-page">
  <h1>${t('pageTitle')}</h1>
  <p class="notice">${t('notice')}</p>
  <p>${name}</p>
  <p class="amount" data-testid="sandbox-amount">¥${formatYuan(order.amount_cents)}</p>
  <p class="meta">${t('order', { orderNo: order.order_no })}</p>
  ${open ? `<img src="${qrCode}" alt="${t('scan')}"><p class="meta">${t('scan')}</p>` : ''}
  ${
    open
      ? `<button class="primary" data-result="success" data-testid="sandbox-pay">${t('pay')}</button>
  <button data-result="fail" data-testid="sandbox-fail">${t('fail')}</button>
  <button data-result="timeout" data-testid="sandbox-timeout">${t('timeout')}</button>`
      : ''
  }
  <p id="result" data-testid="sandbox-result">${open ? '' : closedText}</p>
</main>
<script nonce="${nonce}">
  const messages = ${messages};
  const buttons = document.querySelectorAll('button[data-result]');
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      for (const b of buttons) b.disabled = true;
      const out = document.getElementById('result');
      out.textContent = messages.working;
      const result = button.dataset.result;
      const res = await fetch(location.pathname + '/pay' + location.search, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
        body: JSON.stringify({ result }),
      });
      const body = await res.json().catch(() => ({}));
      out.textContent = body.code === 0 ? messages[result] : body.msg || res.statusText;
    });
  }
</script>
</body>
</html>`;
}
