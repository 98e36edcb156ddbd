import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { addSendStep, switchableSendStep } from './send-steps.ts';

// The drain switches its step while other answers may be waiting on a step: an answer already on
// its way must still get every step it started with (a switch used to shift the list under it,
// so it skipped the step after the one it was waiting on).
test('an answer waiting on a step gets every step it started with when a step is switched off meanwhile', async () => {
  const app = Fastify();
  const switchStep = switchableSendStep(app, (_request, reply, payload) => {
    reply.header('x-switched', 'on');
    return payload;
  });
  switchStep(true);
  let entered!: () => void;
  let release!: () => void;
  const waiting = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  addSendStep(app, async (_request, _reply, payload) => {
    entered();
    await gate;
    return payload;
  });
  addSendStep(app, (_request, reply, payload) => {
    reply.header('x-last-step', 'ran');
    return payload;
  });
  app.get('/', async () => 'ok');

  const answering = app.inject({ method: 'GET', url: '/' });
  await waiting;
  switchStep(false);
  release();
  const answer = await answering;
  expect(answer.body).toBe('ok');
  expect(answer.headers['x-switched']).toBe('on');
  expect(answer.headers['x-last-step']).toBe('ran');

  const next = await app.inject({ method: 'GET', url: '/' });
  expect(next.headers['x-switched']).toBeUndefined();
  expect(next.headers['x-last-step']).toBe('ran');
});
