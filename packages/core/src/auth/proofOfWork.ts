import { solveChallenge } from 'altcha-lib/v1';

/** A proof-of-work challenge as GET /api/auth/challenge answers it (ALTCHA's format). */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/**
 * Solves a proof-of-work challenge with ALTCHA's own solver (Web Crypto; browsers and Node) and
 * answers the `altcha` field of POST /api/auth/captcha/verify: the base64 JSON payload
 * `{ algorithm, challenge, number, salt, signature }`. Null when it could not be solved or was
 * aborted. Every client (web app, plugins, tests) uses this one function.
 */
export async function solveProofOfWork(challenge: PowChallenge, signal?: AbortSignal): Promise<string | null> {
  const { promise, controller } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await promise.catch(() => null);
  if (!solution) return null;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
