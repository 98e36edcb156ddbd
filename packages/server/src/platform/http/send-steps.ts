import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { logControllerOf } from './fastify-internals.ts';

/**
 * One step of an answer's way out (security headers, files URL signing, frame policies): sets
 * headers on the reply and gives the payload on, or a promise of it when it has to wait.
 */
export type SendStep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;

/**
 * The app's steps. The list is never changed in place: adding or switching a step puts a new list
 * here, so an answer whose steps wait (a step returning a promise) goes on with the list it started
 * with, neither skipping nor repeating a step when the drain switches its step meanwhile.
 */
interface Steps {
  list: readonly SendStep[];
}

const stepsOf = new WeakMap<FastifyInstance, Steps>();

/**
 * Adds a step to the app's one onSend hook, run in the order the steps were added. One hook for
 * all of them instead of one each: Fastify's hook runner costs a call chain per hook on every
 * answer, and the steps that do not apply return at once (issue 48: GET /api/user/current).
 */
export function addSendStep(app: FastifyInstance, step: SendStep) {
  const steps = sendSteps(app);
  steps.list = [...steps.list, step];
}

/**
 * Adds a step that runs only while switched on (the drain's `Connection: close`, closing.ts): off,
 * it costs the answers nothing, not even a call. Returns the switch, which may be used at any time,
 * after the app is ready too (steps switched on go last). Answers already on their way keep the
 * steps they started with.
 */
export function switchableSendStep(app: FastifyInstance, step: SendStep): (on: boolean) => void {
  const steps = sendSteps(app);
  return (on) => {
    const listed = steps.list.includes(step);
    if (on && !listed) steps.list = [...steps.list, step];
    if (!on && listed) steps.list = steps.list.filter((s) => s !== step);
  };
}

function sendSteps(app: FastifyInstance): Steps {
  let steps = stepsOf.get(app);
  if (!steps) {
    const made: Steps = { list: [] };
    steps = made;
    stepsOf.set(app, made);
    // A callback hook: when no step waits, the answer goes on without a promise (issue 16).
    app.addHook('onSend', (request, reply, payload, done) => runSteps(made.list, 0, request, reply, payload, done));
  }
  return steps;
}

function runSteps(
  steps: readonly SendStep[],
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

/**
 * The app's log controller (Fastify's `logController` option), which also runs the steps after an
 * answer went out. Fastify calls its `requestCompleted` once per request when the answer has ended
 * or failed, after any onResponse hooks, as it listens for the end of every answer anyway when the
 * app has a logger. So the app needs no onResponse hook of its own, and Fastify's hook runner (a
 * chain of closures per request) does not run for it (issue 48). Steps get the answer's time in ms,
 * read once (`reply.elapsedTime` reads the clock on every access).
 */
export class AnsweredSteps extends LogController {
  readonly steps: AnsweredStep[] = [];

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    for (const run of this.steps) {
      try {
        run(request, reply, ms);
      } catch (error) {
        request.log.error({ err: error }, 'onResponse step failed');
      }
    }
    super.requestCompleted(error, request, reply);
  }
}

/** Adds a step run after every answer, in the order added; the app must be built with an `AnsweredSteps` log controller. */
export function addAnsweredStep(app: FastifyInstance, step: AnsweredStep) {
  const controller = logControllerOf(app);
  if (!(controller instanceof AnsweredSteps))
    throw new Error('addAnsweredStep: build the app with `logController: new AnsweredSteps(...)` (send-steps.ts)');
  controller.steps.push(step);
}
