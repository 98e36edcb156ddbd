import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solveProofOfWork } from './proofOfWork.ts';

/** A challenge built as altcha-lib's createChallenge builds it (salt + secret number, SHA-256 hex). */
function challengeFor(number: number, maxnumber = 5000) {
  const salt = `${crypto.randomBytes(12).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + 600}&`;
  const challenge = crypto.createHash('sha256').update(`${salt}${number}`).digest('hex');
  return { algorithm: 'SHA-256', challenge, salt, signature: 'sig', maxnumber };
}

describe('solveProofOfWork', () => {
  it('finds the number and answers the base64 ALTCHA payload', async () => {
    const c = challengeFor(4321);
    const payload = await solveProofOfWork(c);
    expect(JSON.parse(atob(payload as string))).toEqual({
      algorithm: 'SHA-256',
      challenge: c.challenge,
      number: 4321,
      salt: c.salt,
      signature: 'sig',
    });
  });

  it('answers null when no number up to maxnumber solves it, or when aborted', async () => {
    expect(await solveProofOfWork(challengeFor(4999, 100))).toBeNull();
    const abort = new AbortController();
    abort.abort();
    expect(await solveProofOfWork(challengeFor(10), abort.signal)).toBeNull();
  });
});
