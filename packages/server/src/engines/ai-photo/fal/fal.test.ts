import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FalDouble, startFalDouble } from './fal-double.test-support.ts';
import { createFalProvider } from './provider.ts';

describe('fal.ai adapter (official client) against its queue API double', () => {
  let fal: FalDouble;
  beforeAll(async () => {
    fal = await startFalDouble({
      script: ['rate-limited', 'moderation', 'hang'],
      prices: { 'fal-ai/flux-pro/kontext': { unit_price: 0.04, unit: 'image' } },
    });
  });
  afterAll(() => fal.close());
  const provider = () => createFalProvider({ apiKey: 'fal-test-key', baseUrl: fal.url, pollMs: 5, backoffMs: 1 });
  const request = (bizType: string, model: string, signal = new AbortController().signal) => ({
    taskId: 't',
    bizType,
    model,
    params: { genNum: 2, scene: 'on a beach' },
    extra: { guidance_scale: 3 },
    images: ['data:image/png;base64,AA'],
    signal,
    progress: () => undefined,
  });

  it('submits through the proxy with its key after a 429, polls the status and reads the result', async () => {
    const result = await provider().run(request('MODEL_IMAGE_NEW', 'fal-ai/flux-pro/kontext'));
    const submits = fal.requests.filter((r) => r.method === 'POST');
    expect(submits).toHaveLength(2);
    expect(submits[1]!.headers['x-fal-target-url']).toBe('https://queue.fal.run/fal-ai/flux-pro/kontext');
    expect(submits[1]!.headers.authorization).toBe('Key fal-test-key');
    expect(fal.submitted[0]).toEqual({
      model: 'fal-ai/flux-pro/kontext',
      input: { prompt: 'on a beach', image_url: 'data:image/png;base64,AA', num_images: 2, guidance_scale: 3 },
    });
    expect(fal.requests.some((r) => String(r.headers['x-fal-target-url']).endsWith('/requests/fal-1/status?logs=0'))).toBe(true);
    expect(result.pictures).toHaveLength(2);
    // The queue answers no price: the Platform API's published unit price x the pictures made.
    const pricing = fal.requests.find((r) => String(r.headers['x-fal-target-url']).includes('/v1/models/pricing'));
    expect(pricing!.headers['x-fal-target-url']).toBe(
      'https://api.fal.ai/v1/models/pricing?endpoint_id=fal-ai%2Fflux-pro%2Fkontext',
    );
    expect(pricing!.headers.authorization).toBe('Key fal-test-key');
    expect(result).toMatchObject({ cost: 0.08, costSource: 'published', currency: 'USD', providerTaskId: 'fal-1' });
  });

  it('maps a content_policy_violation to the moderation message', async () => {
    const err = await provider()
      .run(request('TRY_ON', 'fal-ai/fashn/tryon/v1.6'))
      .catch((e) => e);
    expect(err.providerKey).toBe('imageModerationRefused');
  });

  it('cancels the queued request when the task is stopped', async () => {
    const controller = new AbortController();
    const running = provider()
      .run(request('PRODUCT_IMAGE', 'fal-ai/flux-pro/kontext', controller.signal))
      .catch((e) => e);
    while (!fal.requests.some((r) => String(r.headers['x-fal-target-url']).includes('/requests/fal-2/status')))
      await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error('stopped'));
    expect(String(await running)).toContain('stopped');
    while (!fal.canceled.length) await new Promise((r) => setTimeout(r, 10));
    expect(fal.canceled).toEqual(['fal-2']);
  });
});
