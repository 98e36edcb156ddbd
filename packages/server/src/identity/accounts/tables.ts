import type { Generated } from 'kysely';

/** Account tables. Phone numbers and e-mail addresses are unique across the product. */
export interface AccountTables {
  users: {
    id: string;
    tenant_id: string;
    referrer: string | null;
    phone: string | null;
    email: string | null;
    user_name: string;
    password_hash: string | null;
    company_name: string | null;
    /** The user's own invite code, used in their invite link. */
    invite_code: string;
    /** The user who invited this one (reward paid once at registration). */
    invited_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** Login sessions: only a hash of the bearer token is stored. */
  sessions: {
    id: string;
    user_id: string;
    token_hash: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    ip: string | null;
    user_agent: string | null;
  };
  /** SMS / e-mail verification codes: hashed, expiring, single-use, locked after 5 wrong tries. */
  verification_codes: {
    id: Generated<number>;
    target: string;
    channel: 'sms' | 'mail';
    code_hash: string;
    created_at: number;
    expires_at: number;
    /** Wrong tries from the client address that asked for the code (sent_ip). */
    attempts: number;
    consumed_at: number | null;
    /** The client address that asked for the code (null for codes sent before migration 0140). */
    sent_ip: Generated<string | null>;
    /** Wrong tries from every other address. */
    foreign_attempts: Generated<number>;
  };
  /**
   * Image captchas, one live per mobileId and client address (others cannot replace it); a verified
   * captcha allows exactly one code send from the same client.
   */
  captchas: {
    mobile_id: string;
    client: string;
    answer_hash: string;
    created_at: number;
    expires_at: number;
    attempts: number;
    verified_at: number | null;
    consumed_at: number | null;
  };
  /** Failures of a client (or client + account) with the back-off they earned (accounts/backoff.ts). */
  auth_failures: {
    key: string;
    failures: number;
    last_at: number;
    locked_until: number;
  };
  /** Accepted proof-of-work solutions (ALTCHA signatures), kept until the challenge expires. */
  altcha_used: {
    signature: string;
    expires_at: number;
  };
}
