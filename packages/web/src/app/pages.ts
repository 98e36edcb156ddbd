import type { ComponentType } from 'react';
import type { RouteDef } from './routes.ts';

/** A page module, loaded when its route is first opened. */
export type PageModule = Promise<{ default: ComponentType }>;

const home = () => import('../features/app/home/HomePage.tsx');
const externalTool = () => import('../features/app/shell/ExternalToolPage.tsx');
// Knowledge, notes and libraries (issue 12).
const knowledgePage = () => import('../features/content/knowledge/KnowledgePage.tsx');
const goodsPage = () => import('../features/studio/goods/GoodsPage.tsx');
const notesPage = () => import('../features/content/notes/NotesPage.tsx');
const noteDetailPage = () => import('../features/content/notes/NoteDetailPage.tsx');
const hotLibraryPage = () => import('../features/content/hot-library/HotLibraryPage.tsx');
const hotItemPage = () => import('../features/content/hot-library/HotItemPage.tsx');
const taskListPage = () => import('../features/content/task-list/TaskListPage.tsx');
const taskFormPage = () => import('../features/content/task-list/TaskFormPage.tsx');
const themesPage = () => import('../features/content/task-list/themes/ThemesPage.tsx');
const themeFormPage = () => import('../features/content/task-list/themes/ThemeFormPage.tsx');
const userAgreement = () => import('../features/identity/accounts/UserAgreementPage.tsx');
// The diffusion tools share one configurable page (issue 18; tools/generation/toolConfigs.ts).
const generationTool = () => import('../features/studio/tools/generation/GenerationToolPage.tsx');

/**
 * Each route's page, by path. routes.ts holds what the shell needs to know of a route; this file
 * is the one place that imports the pages, so no feature depends on it (no circle through the shell).
 */
const PAGES: Record<string, () => PageModule> = {
  '/': home,
  '/home': home,
  '/member': () => import('../features/commerce/membership/MemberPage.tsx'),
  '/personal-center': () => import('../features/studio/tasks/CreationPage.tsx'),
  '/personal-setting': () => import('../features/identity/settings/PersonalSettingPage.tsx'),
  '/goods': goodsPage,
  '/user-agreement': userAgreement,
  '/template': () => import('../features/studio/templates/TemplatesPage.tsx'),
  '/template-edit': () => import('../features/studio/templates/TemplateEditPage.tsx'),
  '/human-figure-image': generationTool,
  '/model-photo-new': generationTool,
  '/ai-product-image': generationTool,
  '/wig-image': generationTool,
  '/shoes-image': generationTool,
  '/ai-cutout': () => import('../features/studio/tools/cutout/CutoutPage.tsx'),
  '/customized-models': generationTool,
  '/customized-animal': generationTool,
  '/customized-publicity': generationTool,
  '/product-bg': () => import('../features/studio/tools/product-bg/ProductBgPage.tsx'),
  '/rewrite-background': () => import('../features/studio/tools/background/BackgroundPage.tsx'),
  '/batch-copy-bg': () => import('../features/studio/tools/background/BatchCopyBgPage.tsx'),
  '/batch': () => import('../features/studio/batches/BatchPage.tsx'),
  '/tryon': generationTool,
  '/ai-qr-code': () => import('../features/studio/tools/qr-code/QrCodePage.tsx'),
  '/ai-video': () => import('../features/studio/tools/video/VideoPage.tsx'),
  '/ai-video-single': () => import('../features/studio/tools/video/AiVideoSinglePage.tsx'),
  '/ai-mixed-cutting': externalTool,
  '/ai-mixed-muse': externalTool,
  '/ai-mixed-muse-recommend': externalTool,
  '/mott': () => import('../features/content/marketing/plan/MottRedirect.tsx'),
  '/mott-agent': () => import('../features/content/agent-chat/AgentChatPage.tsx'),
  '/mott-recommend': () => import('../features/content/marketing/plan/RecommendPage.tsx'),
  '/mott-idea': () => import('../features/content/marketing/ReportPage.tsx'),
  '/mott-content': () => import('../features/content/marketing/content/ContentPage.tsx'),
  '/mott-knowledge': goodsPage,
  '/mott-statistics': () => import('../features/content/marketing/StatisticsPage.tsx'),
  '/content-hotspot': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/content-calendar': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/MoTT2': () => import('../features/content/hot-workbench/WorkbenchPage.tsx'),
  '/marketing-hotspot': () => import('../features/content/marketing/plan/HotspotMarketingPage.tsx'),
  '/hotspot-publisher': () => import('../features/content/marketing/plan/PublishersPage.tsx'),
  '/content-publishing': () => import('../features/content/marketing/plan/PublishingPage.tsx'),
  '/modi-content': () => import('../features/content/marketing/content/ContentPage.tsx'),
  '/rewrite-text': () => import('../features/content/rewrite/RewriteTextPage.tsx'),
  '/rewrite-image': () => import('../features/content/rewrite/RewriteImagePage.tsx'),
  '/rewrite-video': () => import('../features/content/rewrite/RewriteVideoPage.tsx'),
  '/rewrite-article': () => import('../features/content/rewrite/RewriteArticlePage.tsx'),
  '/topic-generate': () => import('../features/content/rewrite/TopicGeneratePage.tsx'),
  '/poster-create': () => import('../features/studio/tools/poster/PosterPage.tsx'),
  '/hot-notes': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/hot-videos': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/hot-topic-list': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/hot-word-list': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/hot-calendar': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/hot-immediate': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/month-calendar': () => import('../features/content/marketing/HotspotPage.tsx'),
  '/kos-account': () => import('../features/content/kos/KosAccountPage.tsx'),
  '/kos-monitoring': () => import('../features/content/kos/KosMonitoringPage.tsx'),
  '/kos-personality': () => import('../features/content/kos/KosPersonalityPage.tsx'),
  '/kos-topic': () => import('../features/content/kos/KosTopicPage.tsx'),
  '/kos-tenant': () => import('../features/organisation/team/KosTenantPage.tsx'),
  '/kos-member': () => import('../features/organisation/team/KosMemberPage.tsx'),
  '/kos-join': () => import('../features/organisation/team/JoinPage.tsx'),
  '/console': () => import('../features/organisation/console/ConsolePage.tsx'),
  '/text-engine': () => import('../features/content/marketing/TextEnginePage.tsx'),
  '/kos-persona': () => import('../features/content/kos/KosPersonaPage.tsx'),
  '/audit': () => import('../features/content/review/AuditPage.tsx'),
  '/prod-insight': () => import('../features/content/insights/ProdInsightPage.tsx'),
  '/comment-insight': () => import('../features/content/insights/CommentInsightPage.tsx'),
  '/modi-task-list': taskListPage,
  '/modi-task-list/create': taskFormPage,
  '/modi-task-list/edit/:id': taskFormPage,
  '/modi-note-base': notesPage,
  '/modi-note-base/:id': noteDetailPage,
  '/modi-pub-note-base': notesPage,
  '/modi-pub-note-base/:id': noteDetailPage,
  '/modi-hot-library': hotLibraryPage,
  '/modi-hot-library/:id': hotItemPage,
  '/modi-knowledge': knowledgePage,
  '/modi-theme': themesPage,
  '/modi-theme/create': themeFormPage,
  '/modi-theme/edit/:id': themeFormPage,
  '/modi-theme/create-topic': themeFormPage,
  '/modi-theme/edit-topic/:id': themeFormPage,
  '/403': () => import('../features/app/shell/ForbiddenPage.tsx'),
};

export const pageOf = (def: RouteDef): (() => PageModule) | undefined => PAGES[def.path];
