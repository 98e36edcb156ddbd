import client from 'prom-client';
import { expect, it } from 'vitest';
import { requestMetrics } from './request-metrics.ts';

it('exposes requests as a counter by status class and a cumulative latency histogram', async () => {
  const registry = new client.Registry();
  const metrics = requestMetrics(registry);
  metrics.observe('GET', '/api/user/current', 200, 0.001);
  metrics.observe('GET', '/api/user/current', 200, 0.03);
  metrics.observe('GET', '/api/user/current', 401, 7);
  metrics.observe('POST', '/api/tasks', 503, 0.004);
  const lines = (await registry.metrics()).split('\n');
  const current = 'method="GET",route="/api/user/current"';
  for (const line of [
    '# TYPE inspo_http_requests_total counter',
    `inspo_http_requests_total{${current},status="2xx"} 2`,
    `inspo_http_requests_total{${current},status="4xx"} 1`,
    'inspo_http_requests_total{method="POST",route="/api/tasks",status="5xx"} 1',
    '# TYPE inspo_http_request_duration_seconds histogram',
    `inspo_http_request_duration_seconds_bucket{le="0.002",${current}} 1`,
    `inspo_http_request_duration_seconds_bucket{le="0.025",${current}} 1`,
    `inspo_http_request_duration_seconds_bucket{le="0.05",${current}} 2`,
    `inspo_http_request_duration_seconds_bucket{le="5",${current}} 2`,
    `inspo_http_request_duration_seconds_bucket{le="+Inf",${current}} 3`,
    `inspo_http_request_duration_seconds_sum{${current}} 7.031`,
    `inspo_http_request_duration_seconds_count{${current}} 3`,
    'inspo_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/tasks"} 1',
  ])
    expect(lines).toContain(line);
  registry.resetMetrics();
  expect(await registry.metrics()).not.toContain('route=');
});
