import type nodemailerType from 'nodemailer';
import { requireOnUse } from '../require-on-use.ts';
import type { Sender } from './types.ts';

/** E-mail through any SMTP server: SMTP_URL such as `smtps://user:pass@smtp.example.com:465`. */
export function smtpSender(smtpUrl: string, from: string): Sender {
  // nodemailer loads with SMTP_URL only (platform/require-on-use.ts).
  const transport = requireOnUse<typeof nodemailerType>('nodemailer').createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
