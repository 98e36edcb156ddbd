import Fastify, { LogController } from 'fastify';
import { expect, test } from 'vitest';
import { logControllerOf, replyHeaders, routeTemplate } from './fastify-internals.ts';

// The internals read in fastify-internals.ts must say what Fastify's public API says: a Fastify
// release that renames or moves them fails here instead of silently dropping headers or metrics.
test("Fastify's reply headers and route template read from its internals agree with its public API", async () => {
  const app = Fastify();
  const seen: Array<{ template: string | undefined; public: string | undefined }> = [];
  app.addHook('onResponse', (request, _reply, done) => {
    seen.push({ template: routeTemplate(request), public: request.routeOptions.url });
    done();
  });
  app.get('/items/:id', (_request, reply) => {
    reply.header('X-Set-By-Route', 'yes');
    const headers = replyHeaders(reply);
    expect(headers['x-set-by-route']).toBe('yes');
    headers['x-written-directly'] = 'also';
    expect(reply.getHeader('x-written-directly')).toBe('also');
    expect(reply.hasHeader('X-Written-Directly')).toBe(true);
    return reply.send('ok');
  });
  const answer = await app.inject({ method: 'GET', url: '/items/42' });
  expect(answer.headers['x-set-by-route']).toBe('yes');
  expect(answer.headers['x-written-directly']).toBe('also');
  await app.inject({ method: 'GET', url: '/nowhere' });
  expect(seen).toEqual([
    { template: '/items/:id', public: '/items/:id' },
    { template: undefined, public: undefined },
  ]);
  await app.close();
});

test("the app's log controller read from Fastify's internals is the one it was built with", async () => {
  const controller = new LogController({ disableRequestLogging: true });
  const app = Fastify({ logController: controller });
  expect(logControllerOf(app)).toBe(controller);
  await app.register(async (scoped) => {
    expect(logControllerOf(scoped)).toBe(controller);
  });
  await app.ready();
  await app.close();
});
