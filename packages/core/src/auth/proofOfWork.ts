import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** A proof-of-work challenge as GET /api/auth/challenge answers it (ALTCHA's format, altcha-lib). */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** Hashes tried between two yields to the event loop, so the page stays responsive. */
const CHUNK = 2000;

/**
 * Solves a proof-of-work challenge as ALTCHA defines it (the number n in 0..maxnumber whose
 * SHA-256 of `salt + n`, in hex, is the challenge) and answers the `altcha` field of
 * POST /api/auth/captcha/verify: the base64 JSON `{ algorithm, challenge, number, salt, signature }`.
 * Null when there is no solution or it was aborted. The hash is @noble/hashes rather than Web
 * Crypto, which browsers offer only on https and localhost: a server opened by its LAN address over
 * plain http must still let people log in. Every client (web app, plugins) uses this one function.
 */
export async function solveProofOfWork(challenge: PowChallenge, signal?: AbortSignal): Promise<string | null> {
  if (challenge.algorithm !== 'SHA-256') return null;
  const max = challenge.maxnumber ?? 1_000_000;
  for (let start = 0; start <= max; start += CHUNK) {
    if (signal?.aborted) return null;
    const end = Math.min(max, start + CHUNK - 1);
    for (let n = start; n <= end; n++) {
      if (bytesToHex(sha256(utf8ToBytes(`${challenge.salt}${n}`))) === challenge.challenge) {
        const payload = {
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number: n,
          salt: challenge.salt,
          signature: challenge.signature,
        };
        return btoa(JSON.stringify(payload));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
