import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { httpSmsSender } from './http-sms.ts';
import { outboxSender, writeOutbox } from './outbox.ts';
import { smtpSender } from './smtp.ts';
import type { Messaging, Sender } from './types.ts';

export type { Messaging, OutgoingMessage, Sender } from './types.ts';

/** Thrown at start-up when SMS_PROVIDER / MAIL_PROVIDER name something we cannot deliver through. */
export class MessagingConfigError extends Error {
  override name = 'MessagingConfigError';
}

function smsSender(config: Config, db: Db): Sender {
  switch (config.SMS_PROVIDER) {
    case 'outbox':
      return outboxSender(db, 'sms');
    case 'http':
      if (!config.SMS_URL) throw new MessagingConfigError('SMS_PROVIDER=http needs SMS_URL (the gateway endpoint)');
      return httpSmsSender(config.SMS_URL);
    default:
      throw new MessagingConfigError(`SMS_PROVIDER "${config.SMS_PROVIDER}" is unknown; use "outbox" or "http" (with SMS_URL)`);
  }
}

function mailSender(config: Config, db: Db): Sender {
  switch (config.MAIL_PROVIDER) {
    case 'outbox':
      return outboxSender(db, 'mail');
    case 'smtp':
      if (!config.SMTP_URL) throw new MessagingConfigError('MAIL_PROVIDER=smtp needs SMTP_URL (e.g. smtps://user:pass@host:465)');
      return smtpSender(config.SMTP_URL, config.MAIL_FROM);
    default:
      throw new MessagingConfigError(
        `MAIL_PROVIDER "${config.MAIL_PROVIDER}" is unknown; use "outbox" or "smtp" (with SMTP_URL)`,
      );
  }
}

/** SMS and e-mail delivery as configured; throws MessagingConfigError for an unknown or incomplete provider. */
export function createMessaging(config: Config, db: Db): Messaging {
  const sms = smsSender(config, db);
  const mail = mailSender(config, db);
  const devOutbox = sms.provider === 'outbox' && mail.provider === 'outbox';
  return {
    sms,
    mail,
    devOutbox,
    async recordCaptcha(mobileId, answer, text) {
      if (devOutbox) await writeOutbox(db, 'captcha', { to: mobileId, text, code: answer });
    },
  };
}
