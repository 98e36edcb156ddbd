import type { ManagementFixture, ManagementRoute } from '../../organisation/team/management-routes.test-support.ts';
import { createAccount, createPersona, createTopic } from './service.ts';

const owner = (fx: ManagementFixture) => ({ userId: fx.ownerId, tenantId: fx.tenantId });
const persona = (fx: ManagementFixture) =>
  createPersona(fx.ctx, owner(fx), {
    name: `人设${Math.random()}`,
    tone: '亲切',
    audience: '年轻妈妈',
    tabooWords: ['最'],
    intro: '',
  });
const account = (fx: ManagementFixture) =>
  createAccount(fx.ctx, owner(fx), {
    platform: 'xiaohongshu',
    handle: `h${Math.random().toString(36).slice(2)}`,
    displayName: '',
    personaId: null,
    ownerUserId: null,
    notes: '',
  });
const topicOf = (fx: ManagementFixture, accountId: number) =>
  createTopic(fx.ctx, owner(fx), { accountId, title: '选题', brief: '', planDay: '2026/12/01', status: 'planned' });
const topic = async (fx: ManagementFixture) => topicOf(fx, Number(await account(fx)));

const personaBody = { name: '新人设', tone: '专业', audience: '白领', tabooWords: ['绝对'] };
const reading = { platform: 'douyin', handle: 'brand', postKey: 'p1', title: '作品', day: '2026/11/20', views: 10, likes: 2 };

/** KOS management routes (docs/kos.md) for the role matrix test (team/role-matrix.test.ts). */
export const kosManagementRoutes: ManagementRoute[] = [
  {
    method: 'POST',
    route: '/api/kos/personas',
    permission: 'manageKos',
    scope: 'tenant',
    request: async () => ({ url: '/api/kos/personas', body: personaBody }),
  },
  {
    method: 'PUT',
    route: '/api/kos/personas/:personaId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({ url: `/api/kos/personas/${await persona(fx)}`, body: personaBody }),
  },
  {
    method: 'DELETE',
    route: '/api/kos/personas/:personaId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({ url: `/api/kos/personas/${await persona(fx)}` }),
  },
  {
    method: 'POST',
    route: '/api/kos/accounts',
    permission: 'manageKos',
    scope: 'tenant',
    request: async () => ({
      url: '/api/kos/accounts',
      body: { platform: 'weibo', handle: `new${Math.random().toString(36).slice(2)}` },
    }),
  },
  {
    method: 'PUT',
    route: '/api/kos/accounts/:accountId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({
      url: `/api/kos/accounts/${await account(fx)}`,
      body: { platform: 'douyin', handle: `c${Math.random().toString(36).slice(2)}` },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/kos/accounts/:accountId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({ url: `/api/kos/accounts/${await account(fx)}` }),
  },
  {
    method: 'POST',
    route: '/api/kos/topics',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({
      url: '/api/kos/topics',
      body: { accountId: Number(await account(fx)), title: '双十二选题', planDay: '2026/12/12' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/kos/topics/:topicId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => {
      const accountId = Number(await account(fx));
      const topicId = await topicOf(fx, accountId);
      return {
        url: `/api/kos/topics/${topicId}`,
        body: { accountId, title: '改过的选题', planDay: '2026/12/02', status: 'writing' },
      };
    },
  },
  {
    method: 'DELETE',
    route: '/api/kos/topics/:topicId',
    permission: 'manageKos',
    scope: 'target',
    request: async (fx) => ({ url: `/api/kos/topics/${await topic(fx)}` }),
  },
  {
    method: 'POST',
    route: '/api/kos/monitoring/import',
    permission: 'manageKos',
    scope: 'tenant',
    request: async () => ({
      url: '/api/kos/monitoring/import',
      body: { text: 'platform,handle,postId,day,views\ndouyin,brand,p1,2026/11/20,100' },
    }),
  },
  {
    method: 'POST',
    route: '/api/kos/monitoring/sync',
    permission: 'manageKos',
    scope: 'tenant',
    request: async () => ({ url: '/api/kos/monitoring/sync', body: { rows: [reading] } }),
  },
];
