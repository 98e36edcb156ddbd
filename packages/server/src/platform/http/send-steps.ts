import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One step of an answer's way out (security headers, files URL signing, frame policies): sets
 * headers on the reply and gives the payload on, or a promise of it when it has to wait.
 */
export type SendStep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;

const stepsOf = new WeakMap<FastifyInstance, SendStep[]>();

/**
 * Adds a step to the app's one onSend hook, run in the order the steps were added. One hook for
 * all of them instead of one each: Fastify's hook runner costs a call chain per hook on every
 * answer, and the steps that do not apply return at once (issue 48: GET /api/user/current).
 */
export function addSendStep(app: FastifyInstance, step: SendStep) {
  let steps = stepsOf.get(app);
  if (!steps) {
    const list: SendStep[] = [];
    steps = list;
    stepsOf.set(app, list);
    // A callback hook: when no step waits, the answer goes on without a promise (issue 16).
    app.addHook('onSend', (request, reply, payload, done) => runSteps(list, 0, request, reply, payload, done));
  }
  steps.push(step);
}

function runSteps(
  steps: SendStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  let current = payload;
  for (let i = from; i < steps.length; i++) {
    let out: unknown;
    try {
      out = (steps[i] as SendStep)(request, reply, current);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (out instanceof Promise) {
      out.then(
        (next: unknown) => runSteps(steps, i + 1, request, reply, next, done),
        (error: Error) => done(error),
      );
      return;
    }
    current = out;
  }
  done(null, current);
}

/** One step after an answer went out (the request log line, the metrics' count): nothing to wait for. */
export type AnsweredStep = (request: FastifyRequest, reply: FastifyReply, ms: number) => void;

const answeredOf = new WeakMap<FastifyInstance, AnsweredStep[]>();

/**
 * Adds a step to the app's one onResponse hook, for the same reason as `addSendStep`: each hook
 * costs Fastify's runner a call chain on every answer. Steps get the answer's time in ms, read once
 * (`reply.elapsedTime` reads the clock on every access).
 */
export function addAnsweredStep(app: FastifyInstance, step: AnsweredStep) {
  let steps = answeredOf.get(app);
  if (!steps) {
    const list: AnsweredStep[] = [];
    steps = list;
    answeredOf.set(app, list);
    app.addHook('onResponse', (request, reply, done) => {
      const ms = reply.elapsedTime;
      for (const run of list) {
        try {
          run(request, reply, ms);
        } catch (error) {
          request.log.error({ err: error }, 'onResponse step failed');
        }
      }
      done();
    });
  }
  steps.push(step);
}
