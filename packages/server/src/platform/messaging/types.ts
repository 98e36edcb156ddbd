/** One message for a person: a verification code by SMS or e-mail. */
export interface OutgoingMessage {
  /** Phone number (sms) or e-mail address (mail). */
  to: string;
  /** Subject line (e-mail only; SMS ignores it). */
  subject: string;
  text: string;
  /** The code the message carries, kept apart so the dev outbox can show it. */
  code: string;
}

/** A delivery channel (SMS or e-mail); throws when the provider refuses or cannot be reached. */
export interface Sender {
  /** Provider name as configured (outbox, http, smtp). */
  readonly provider: string;
  send(message: OutgoingMessage): Promise<void>;
}

export interface Messaging {
  sms: Sender;
  mail: Sender;
  /** True while both channels are the dev outbox: GET /api/dev/outbox exists and captcha answers are recorded. */
  devOutbox: boolean;
  /** Records a captcha answer in the dev outbox so tests and local users can read it; a no-op otherwise. */
  recordCaptcha(mobileId: string, answer: string, text: string): Promise<void>;
}
