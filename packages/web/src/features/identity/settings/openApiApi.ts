import type { ApiBody, Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type ApiKey = Schema<'ApiKey'>;
export type Webhook = Schema<'Webhook'>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;
export type KeyUsageDay = Schema<'ApiKeyUsageDay'>;
export type NewKey = ApiBody<'post', '/api/keys'>;
export type NewWebhook = ApiBody<'post', '/api/webhooks'>;

const hook = (webhookId: string) => ({ path: { webhookId } });

/** The open API's management calls (docs/open-api.md): keys, webhooks, deliveries, usage. */
export const openApi = {
  keys: () => api.GET('/api/keys'),
  createKey: (body: NewKey) => api.POST('/api/keys', { body }),
  revokeKey: (keyId: string) => api.DELETE('/api/keys/{keyId}', { params: { path: { keyId } } }),
  usage: () => api.GET('/api/keys/usage'),
  teamKeys: () => api.GET('/api/team/api-keys'),
  revokeTeamKey: (keyId: string) => api.DELETE('/api/team/api-keys/{keyId}', { params: { path: { keyId } } }),
  webhooks: () => api.GET('/api/webhooks'),
  createWebhook: (body: NewWebhook) => api.POST('/api/webhooks', { body }),
  removeWebhook: (webhookId: string) => api.DELETE('/api/webhooks/{webhookId}', { params: hook(webhookId) }),
  rotate: (webhookId: string) => api.POST('/api/webhooks/{webhookId}/rotate', { params: hook(webhookId) }),
  deliveries: (webhookId: string) => api.GET('/api/webhooks/{webhookId}/deliveries', { params: hook(webhookId) }),
  redeliver: (webhookId: string, deliveryId: string) =>
    api.POST('/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', { params: { path: { webhookId, deliveryId } } }),
};
