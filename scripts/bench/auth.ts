import { solveProofOfWork } from '../../packages/core/src/auth/proofOfWork.ts';
import { renderCaptcha } from '../../packages/server/src/identity/accounts/captcha-image.ts';
import { checkPayload, issueChallenge } from '../../packages/server/src/identity/accounts/proof-of-work.ts';
import type { AppContext } from '../../packages/server/src/platform/context.ts';

/**
 * The human check's costs (issue 9): rendering one warped PNG captcha on the server, and solving
 * one proof-of-work challenge at the default CAPTCHA_POW_MAXNUMBER with the clients' solver (what a
 * person's browser spends once per captcha check, and what a script must spend per try), then the
 * server's check of the answer.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

const renders: number[] = [];
for (let i = 0; i < 30; i++) renders.push(await time(() => renderCaptcha()));
console.log(`captcha PNG render: median ${median(renders).toFixed(1)} ms over ${renders.length}`);

const ctx = { config: { CAPTCHA_POW_MAXNUMBER: 50_000 }, secret: 'bench' } as unknown as AppContext;
const solves: number[] = [];
const checks: number[] = [];
for (let i = 0; i < 12; i++) {
  const challenge = await issueChallenge(ctx);
  if (!challenge) throw new Error('no challenge');
  let payload: string | null = null;
  solves.push(
    await time(async () => {
      payload = await solveProofOfWork(challenge);
    }),
  );
  checks.push(
    await time(async () => {
      if (!(await checkPayload('bench', payload as unknown as string))) throw new Error('solution refused');
    }),
  );
}
console.log(
  `proof of work (maxnumber 50000): solve median ${median(solves).toFixed(0)} ms, max ${Math.max(...solves).toFixed(0)} ms; server check median ${median(checks).toFixed(2)} ms`,
);
