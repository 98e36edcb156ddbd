import type { resources } from './resources.ts';

type Bundles = typeof resources;
type Language = keyof Bundles;
type Namespace = keyof Bundles['zh'];

/** Loads one namespace of one language (the module's default export is the namespace's strings). */
export type NamespaceLoader<L extends Language, N extends Namespace> = () => Promise<{ default: Bundles[L][N] }>;

/**
 * The same strings as `resources`, one dynamic import per language and namespace: a bundler makes
 * each file its own small chunk, so the web app loads only the current language and, before its
 * first render, only the namespaces its first screen needs (kit `createI18n`; docs/performance.md
 * "i18n on demand"). The server, the tests and the Base plugins keep the synchronous `resources`.
 * A new namespace adds one line per language here as well as in resources.ts (the types insist).
 */
export const loaders: { [L in Language]: { [N in Namespace]: NamespaceLoader<L, N> } } = {
  zh: {
    common: () => import('./zh/common.ts'),
    tools: () => import('./zh/tools.ts'),
    rewrite: () => import('./zh/rewrite.ts'),
    tasks: () => import('./zh/tasks.ts'),
    creation: () => import('./zh/creation.ts'),
    validation: () => import('./zh/validation.ts'),
    feishuPlugins: () => import('./zh/feishuPlugins.ts'),
    errors: () => import('./zh/errors.ts'),
    routes: () => import('./zh/routes.ts'),
    home: () => import('./zh/home.ts'),
    shell: () => import('./zh/shell.ts'),
    comingSoon: () => import('./zh/comingSoon.ts'),
    themes: () => import('./zh/themes.ts'),
    team: () => import('./zh/team.ts'),
    console: () => import('./zh/console.ts'),
    aiPhoto: () => import('./zh/aiPhoto.ts'),
    taskList: () => import('./zh/taskList.ts'),
    hotLibrary: () => import('./zh/hotLibrary.ts'),
    kos: () => import('./zh/kos.ts'),
    review: () => import('./zh/review.ts'),
    insights: () => import('./zh/insights.ts'),
    batches: () => import('./zh/batches.ts'),
    hotWorkbench: () => import('./zh/hotWorkbench.ts'),
    agentChat: () => import('./zh/agentChat.ts'),
    goods: () => import('./zh/goods.ts'),
    notes: () => import('./zh/notes.ts'),
    knowledge: () => import('./zh/knowledge.ts'),
    inbox: () => import('./zh/inbox.ts'),
    feedback: () => import('./zh/feedback.ts'),
    leads: () => import('./zh/leads.ts'),
    settings: () => import('./zh/settings.ts'),
    openApi: () => import('./zh/openApi.ts'),
    messaging: () => import('./zh/messaging.ts'),
    auth: () => import('./zh/auth.ts'),
    agreement: () => import('./zh/agreement.ts'),
    member: () => import('./zh/member.ts'),
    points: () => import('./zh/points.ts'),
    orders: () => import('./zh/orders.ts'),
    embed: () => import('./zh/embed.ts'),
    marketing: () => import('./zh/marketing.ts'),
    compliance: () => import('./zh/compliance.ts'),
    generation: () => import('./zh/generation.ts'),
    modelLibrary: () => import('./zh/modelLibrary.ts'),
    templates: () => import('./zh/templates.ts'),
  },
  en: {
    common: () => import('./en/common.ts'),
    tools: () => import('./en/tools.ts'),
    rewrite: () => import('./en/rewrite.ts'),
    tasks: () => import('./en/tasks.ts'),
    creation: () => import('./en/creation.ts'),
    validation: () => import('./en/validation.ts'),
    feishuPlugins: () => import('./en/feishuPlugins.ts'),
    errors: () => import('./en/errors.ts'),
    routes: () => import('./en/routes.ts'),
    home: () => import('./en/home.ts'),
    shell: () => import('./en/shell.ts'),
    comingSoon: () => import('./en/comingSoon.ts'),
    themes: () => import('./en/themes.ts'),
    team: () => import('./en/team.ts'),
    console: () => import('./en/console.ts'),
    aiPhoto: () => import('./en/aiPhoto.ts'),
    taskList: () => import('./en/taskList.ts'),
    hotLibrary: () => import('./en/hotLibrary.ts'),
    kos: () => import('./en/kos.ts'),
    review: () => import('./en/review.ts'),
    insights: () => import('./en/insights.ts'),
    batches: () => import('./en/batches.ts'),
    hotWorkbench: () => import('./en/hotWorkbench.ts'),
    agentChat: () => import('./en/agentChat.ts'),
    goods: () => import('./en/goods.ts'),
    notes: () => import('./en/notes.ts'),
    knowledge: () => import('./en/knowledge.ts'),
    inbox: () => import('./en/inbox.ts'),
    feedback: () => import('./en/feedback.ts'),
    leads: () => import('./en/leads.ts'),
    settings: () => import('./en/settings.ts'),
    openApi: () => import('./en/openApi.ts'),
    messaging: () => import('./en/messaging.ts'),
    auth: () => import('./en/auth.ts'),
    agreement: () => import('./en/agreement.ts'),
    member: () => import('./en/member.ts'),
    points: () => import('./en/points.ts'),
    orders: () => import('./en/orders.ts'),
    embed: () => import('./en/embed.ts'),
    marketing: () => import('./en/marketing.ts'),
    compliance: () => import('./en/compliance.ts'),
    generation: () => import('./en/generation.ts'),
    modelLibrary: () => import('./en/modelLibrary.ts'),
    templates: () => import('./en/templates.ts'),
  },
};

/** Every namespace, in the order of resources.ts (marked pure: a bundle that does not use it drops the loaders). */
export const NAMESPACES = /* @__PURE__ */ Object.keys(loaders.zh) as Namespace[];
