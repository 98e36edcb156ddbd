import type { Generated } from 'kysely';

export interface MessagingTables {
  /** The dev outbox: what SMS / e-mail / captcha providers would have delivered (dev and test only). */
  outbox: {
    id: Generated<number>;
    to: string;
    channel: 'sms' | 'mail' | 'captcha';
    text: string;
    code: string;
    sent_at: number;
  };
}
