import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * Tenants, referrers and operators, with the seeded variants of spec 000 §6 so each can be seen.
 * docs/tenants.md describes every row; later changes to the seed data go in new migrations.
 */

/** A small text logo as an SVG data URL (the variants need no image files). */
const logo = (text: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="160" height="40" rx="8" fill="${color}"/><text x="80" y="26" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`,
  ).toString('base64')}`;

const TENANTS = [
  { id: 'default', name: '灵感商拍', name_en: 'InspoShot', flags: {} },
  {
    // The variant without the external video tools, idea/content generation and video (spec 000 §6).
    id: 'lite',
    name: '灵感商拍·轻享版',
    name_en: 'InspoShot Lite',
    flags: {
      hiddenRoutes: [
        '/ai-mixed-cutting',
        '/ai-mixed-muse',
        '/ai-mixed-muse-recommend',
        '/mott-idea',
        '/mott-content',
        '/ai-video',
        '/ai-video-single',
      ],
    },
  },
  {
    id: 'natural-1',
    name: '自然好物',
    name_en: 'Natural Goods',
    flags: { menuSet: 'natural', logo: logo('Natural Goods', '#3b8c4a') },
  },
  {
    id: 'natural-2',
    name: '山野良品',
    name_en: 'Wild Harvest',
    flags: { menuSet: 'natural', logo: logo('Wild Harvest', '#6b8e23') },
  },
  {
    id: 'travel-1',
    name: '旅拍灵感',
    name_en: 'Travel Inspo',
    flags: { menuSet: 'travel', hideInvite: true, logo: logo('Travel Inspo', '#1e88c7') },
  },
  {
    id: 'travel-2',
    name: '游记工坊',
    name_en: 'Journey Studio',
    flags: { menuSet: 'travel', hideInvite: true, logo: logo('Journey Studio', '#00897b') },
  },
  {
    id: 'kos',
    name: 'KOS 企业版',
    name_en: 'KOS Enterprise',
    flags: { menuSet: 'enterprise', chatAllow: true, logo: logo('KOS Enterprise', '#2352d8') },
  },
];

/** The demo partner site and the demo mini-program host (demo-sites/), on localhost and 127.0.0.1. */
const PARTNER_DEMO_ORIGINS = ['http://localhost:8091', 'http://127.0.0.1:8091'];
const MINI_PROGRAM_DEMO_ORIGINS = ['http://localhost:8092', 'http://127.0.0.1:8092'];
const IMAGE_TOOLS = [
  '/ai-product-image',
  '/ai-cutout',
  '/product-bg',
  '/rewrite-background',
  '/ai-qr-code',
  '/member',
  '/personal-center',
];

const REFERRERS = [
  // KOS channel: enterprise menus with management entries.
  { id: 'modi', tenant_id: 'kos', name: 'MODI', flags: { menuSet: 'enterprise' }, allowed_origins: [], host_markers: [] },
  {
    id: 'partner-demo',
    tenant_id: null,
    name: 'Demo partner site',
    flags: { hideFloating: true, allowedMenuPaths: IMAGE_TOOLS },
    allowed_origins: PARTNER_DEMO_ORIGINS,
    host_markers: [],
  },
  {
    id: 'miniprogram',
    tenant_id: null,
    name: 'Mini-program',
    flags: { hideFloating: true, hideSidebar: true, profileCompletion: true },
    allowed_origins: MINI_PROGRAM_DEMO_ORIGINS,
    host_markers: ['mp-inspo'],
  },
  {
    // A bare embed: only the tool itself.
    id: 'embed-bare',
    tenant_id: null,
    name: 'Bare embed',
    flags: { hideHeader: true, hideSidebar: true, hideCoins: true, hideFloating: true },
    allowed_origins: [...PARTNER_DEMO_ORIGINS, ...MINI_PROGRAM_DEMO_ORIGINS],
    host_markers: [],
  },
  {
    id: 'partner-mall',
    tenant_id: null,
    name: 'Partner mall',
    flags: { hideFloating: true, allowedMenuPaths: IMAGE_TOOLS },
    allowed_origins: [],
    host_markers: ['mall-inspo'],
  },
  {
    id: 'partner-shop',
    tenant_id: null,
    name: 'Partner shop',
    flags: { hideFloating: true, hideCoins: true },
    allowed_origins: [],
    host_markers: ['shop-inspo'],
  },
  {
    id: 'partner-live',
    tenant_id: null,
    name: 'Partner live',
    flags: { hideFloating: true, hideInvite: true },
    allowed_origins: [],
    host_markers: ['live-inspo'],
  },
  // Closed channels: login and registration need the day's invite code.
  {
    id: 'invite-beta',
    tenant_id: null,
    name: 'Invite-only beta',
    flags: { requireInviteCode: true },
    allowed_origins: [],
    host_markers: [],
  },
  {
    id: 'travel-club',
    tenant_id: 'travel-1',
    name: 'Travel club',
    flags: { requireInviteCode: true },
    allowed_origins: [],
    host_markers: [],
  },
  { id: 'natural-shop', tenant_id: 'natural-1', name: 'Natural goods shop', flags: {}, allowed_origins: [], host_markers: [] },
];

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('flags', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('referrers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.references('tenants.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('flags', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('allowed_origins', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('host_markers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('operators')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('operators_pk', ['user_id', 'tenant_id'])
    .execute();

  const now = Date.now();
  await db
    .insertInto('tenants')
    .values(TENANTS.map((t) => ({ ...t, flags: JSON.stringify(t.flags), created_at: now, updated_at: now })))
    .execute();
  await db
    .insertInto('referrers')
    .values(
      REFERRERS.map((r) => ({
        ...r,
        flags: JSON.stringify(r.flags),
        allowed_origins: JSON.stringify(r.allowed_origins),
        host_markers: JSON.stringify(r.host_markers),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['operators', 'referrers', 'tenants']) await db.schema.dropTable(t).execute();
}
