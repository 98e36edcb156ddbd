import type { BizType } from '@productimage/core';
import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The route map of spec 000 §2 / spec 001 §2: every route exists. `page` is the lazy page module;
 * routes whose feature is built in a later issue have none and show the translated coming-soon page
 * (it says what the tool will do; never a fake tool). `id` is the key in the `routes` i18n namespace.
 * A feature replaces `page` on its own routes; shell rules (side bar, login, mobile header) live here.
 */
export interface RouteDef {
  id: string;
  path: string;
  page?: () => PageModule;
  /** Pages without the side bar (spec 000 §2 "Shell rules"). */
  noSidebar?: boolean;
  /** Login required: anonymous visitors get the login modal. */
  login?: boolean;
  /**
   * With `login`: the page says "log in to continue" without opening the modal by itself (a
   * tenant's landing page, where an anonymous visitor must still reach the header, e.g. enterprise service).
   */
  quietLogin?: boolean;
  /** vipUser required (product library, goods). */
  vip?: boolean;
  /** isChatAllow required (the marketing agent). */
  chatAllow?: boolean;
  /** Shown only while the global customizedImage flag is on (custom figure). */
  customizedImage?: boolean;
  /** Shown with the mobile header and in the mobile feature switcher. */
  mobileHeader?: boolean;
  /** External tools (mixed cutting): the link type to ask the server for; opens in a new tab. */
  externalType?: 0 | 5 | 10;
  /**
   * The business type the tool's engine makes: the tool is offered only when a configured engine
   * makes it (GET /api/availability; features/shell/availability.ts).
   */
  bizType?: BizType;
  /** Shows only its own side-bar entry and hides the header menus (spec 000 §2: /ai-video-single). */
  onlyEntry?: boolean;
}

const home = () => import('../features/app/home/HomePage.tsx');
const externalTool = () => import('../features/app/shell/ExternalToolPage.tsx');
// Knowledge, notes and libraries (issue 12).
const knowledgePage = () => import('../features/content/knowledge/KnowledgePage.tsx');
const goodsPage = () => import('../features/studio/goods/GoodsPage.tsx');
const notesPage = () => import('../features/content/notes/NotesPage.tsx');
const noteDetailPage = () => import('../features/content/notes/NoteDetailPage.tsx');
const hotLibraryPage = () => import('../features/content/hot-library/HotLibraryPage.tsx');
const hotItemPage = () => import('../features/content/hot-library/HotItemPage.tsx');
const taskListPage = () => import('../features/studio/task-list/TaskListPage.tsx');
const taskFormPage = () => import('../features/studio/task-list/TaskFormPage.tsx');
const themesPage = () => import('../features/organisation/themes/ThemesPage.tsx');
const themeFormPage = () => import('../features/organisation/themes/ThemeFormPage.tsx');
const userAgreement = () => import('../features/identity/auth/UserAgreementPage.tsx');
// The diffusion tools share one configurable page (issue 18; tools/generation/toolConfigs.ts).
const generationTool = () => import('../features/studio/tools/generation/GenerationToolPage.tsx');

export const ROUTES: RouteDef[] = [
  { id: 'home', path: '/', page: home, mobileHeader: true },
  { id: 'home', path: '/home', page: home, mobileHeader: true },
  {
    id: 'member',
    path: '/member',
    page: () => import('../features/commerce/member/MemberPage.tsx'),
    noSidebar: true,
    login: true,
  },
  {
    id: 'personalCenter',
    path: '/personal-center',
    page: () => import('../features/studio/creation/CreationPage.tsx'),
    noSidebar: true,
    login: true,
  },
  {
    id: 'personalSetting',
    path: '/personal-setting',
    noSidebar: true,
    login: true,
    page: () => import('../features/identity/settings/PersonalSettingPage.tsx'),
  },
  { id: 'goods', path: '/goods', noSidebar: true, login: true, vip: true, page: goodsPage },
  { id: 'userAgreement', path: '/user-agreement', page: userAgreement, noSidebar: true },
  { id: 'template', path: '/template', login: true, page: () => import('../features/studio/templates/TemplatesPage.tsx') },
  {
    id: 'templateEdit',
    path: '/template-edit',
    login: true,
    page: () => import('../features/studio/templates/TemplateEditPage.tsx'),
  },
  // Image tools
  { id: 'humanFigureImage', bizType: 'MANNEQUIN_IMAGE', path: '/human-figure-image', mobileHeader: true, page: generationTool },
  { id: 'modelPhotoNew', bizType: 'MODEL_IMAGE_NEW', path: '/model-photo-new', mobileHeader: true, page: generationTool },
  { id: 'aiProductImage', bizType: 'PRODUCT_IMAGE', path: '/ai-product-image', mobileHeader: true, page: generationTool },
  { id: 'wigImage', bizType: 'WIG_IMAGE', path: '/wig-image', page: generationTool },
  { id: 'shoesImage', bizType: 'SHOES_IMAGE', path: '/shoes-image', page: generationTool },
  {
    id: 'aiCutout',
    bizType: 'MATTING_IMAGE',
    path: '/ai-cutout',
    page: () => import('../features/studio/tools/cutout/CutoutPage.tsx'),
    mobileHeader: true,
  },
  { id: 'customizedModels', bizType: 'CUSTOMIZED_MODEL', path: '/customized-models', page: generationTool },
  {
    id: 'customizedAnimal',
    bizType: 'PET_IMAGE_CUSTOMIZED',
    path: '/customized-animal',
    customizedImage: true,
    page: generationTool,
  },
  { id: 'customizedPublicity', bizType: 'CUSTOMIZED_MODEL', path: '/customized-publicity', page: generationTool },
  {
    id: 'productBg',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/product-bg',
    page: () => import('../features/studio/tools/product-bg/ProductBgPage.tsx'),
    mobileHeader: true,
  },
  {
    id: 'rewriteBackground',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/rewrite-background',
    page: () => import('../features/studio/tools/background/BackgroundPage.tsx'),
  },
  {
    id: 'batchCopyBg',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/batch-copy-bg',
    page: () => import('../features/studio/tools/background/BatchCopyBgPage.tsx'),
  },
  // Batch studio (issue 33): paid members run it; free users see what it does and the upgrade path.
  { id: 'batchStudio', path: '/batch', login: true, page: () => import('../features/studio/batches/BatchPage.tsx') },
  { id: 'tryon', bizType: 'TRY_ON', path: '/tryon', page: generationTool },
  {
    id: 'aiQrCode',
    bizType: 'QR_CODE_ART',
    path: '/ai-qr-code',
    page: () => import('../features/studio/tools/qr-code/QrCodePage.tsx'),
  },
  {
    id: 'aiVideo',
    bizType: 'IMG_2_VEDIO',
    path: '/ai-video',
    page: () => import('../features/studio/tools/video/VideoPage.tsx'),
  },
  {
    id: 'aiVideoSingle',
    bizType: 'IMG_2_VEDIO',
    onlyEntry: true,
    path: '/ai-video-single',
    page: () => import('../features/studio/tools/video/AiVideoSinglePage.tsx'),
  },
  { id: 'aiMixedCutting', path: '/ai-mixed-cutting', externalType: 0, page: externalTool },
  { id: 'aiMixedMuse', path: '/ai-mixed-muse', externalType: 5, page: externalTool },
  { id: 'aiMixedMuseRecommend', path: '/ai-mixed-muse-recommend', externalType: 10, page: externalTool },
  // Marketing
  { id: 'mott', path: '/mott', login: true, page: () => import('../features/content/marketing/plan/MottRedirect.tsx') },
  {
    id: 'mottAgent',
    path: '/mott-agent',
    noSidebar: true,
    login: true,
    chatAllow: true,
    page: () => import('../features/content/agent-chat/AgentChatPage.tsx'),
  },
  {
    id: 'mottRecommend',
    path: '/mott-recommend',
    login: true,
    page: () => import('../features/content/marketing/plan/RecommendPage.tsx'),
  },
  { id: 'mottIdea', path: '/mott-idea', login: true, page: () => import('../features/content/marketing/ReportPage.tsx') },
  { id: 'mottContent', path: '/mott-content', login: true, page: () => import('../features/content/marketing/ContentPage.tsx') },
  { id: 'mottKnowledge', path: '/mott-knowledge', login: true, vip: true, page: goodsPage },
  {
    id: 'mottStatistics',
    path: '/mott-statistics',
    login: true,
    page: () => import('../features/content/marketing/StatisticsPage.tsx'),
  },
  {
    id: 'contentHotspot',
    path: '/content-hotspot',
    login: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'contentCalendar',
    path: '/content-calendar',
    login: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'mott2',
    path: '/MoTT2',
    noSidebar: true,
    login: true,
    page: () => import('../features/content/hot-workbench/WorkbenchPage.tsx'),
  },
  {
    id: 'marketingHotspot',
    path: '/marketing-hotspot',
    noSidebar: true,
    login: true,
    page: () => import('../features/content/marketing/plan/HotspotMarketingPage.tsx'),
  },
  {
    id: 'hotspotPublisher',
    path: '/hotspot-publisher',
    noSidebar: true,
    login: true,
    page: () => import('../features/content/marketing/plan/PublishersPage.tsx'),
  },
  {
    id: 'contentPublishing',
    path: '/content-publishing',
    noSidebar: true,
    login: true,
    page: () => import('../features/content/marketing/plan/PublishingPage.tsx'),
  },
  {
    id: 'modiContent',
    path: '/modi-content',
    noSidebar: true,
    login: true,
    page: () => import('../features/content/marketing/ContentPage.tsx'),
  },
  {
    id: 'rewriteText',
    path: '/rewrite-text',
    login: true,
    bizType: 'HOT_ARTICLE_REWRITE' as BizType,
    page: () => import('../features/content/rewrite/RewriteTextPage.tsx'),
  },
  {
    id: 'rewriteImage',
    path: '/rewrite-image',
    login: true,
    bizType: 'HOT_PIC_REWRITE' as BizType,
    page: () => import('../features/content/rewrite/RewriteImagePage.tsx'),
  },
  {
    id: 'rewriteVideo',
    path: '/rewrite-video',
    login: true,
    bizType: 'HOT_VIDEO_REWRITE' as BizType,
    page: () => import('../features/content/rewrite/RewriteVideoPage.tsx'),
  },
  {
    id: 'rewriteArticle',
    path: '/rewrite-article',
    login: true,
    bizType: 'HOT_ARTICLE_REWRITE' as BizType,
    page: () => import('../features/content/rewrite/RewriteArticlePage.tsx'),
  },
  {
    id: 'topicGenerate',
    path: '/topic-generate',
    login: true,
    bizType: 'THEME_ARTICLE_GEN' as BizType,
    page: () => import('../features/content/rewrite/TopicGeneratePage.tsx'),
  },
  {
    id: 'posterCreate',
    path: '/poster-create',
    login: true,
    bizType: 'PLACARD_GEN' as BizType,
    page: () => import('../features/studio/posters/PosterPage.tsx'),
  },
  {
    id: 'hotNotes',
    path: '/hot-notes',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'hotVideos',
    path: '/hot-videos',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'hotTopicList',
    path: '/hot-topic-list',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'hotWordList',
    path: '/hot-word-list',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'hotCalendar',
    path: '/hot-calendar',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'hotImmediate',
    path: '/hot-immediate',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  {
    id: 'monthCalendar',
    path: '/month-calendar',
    login: true,
    quietLogin: true,
    page: () => import('../features/content/marketing/HotspotPage.tsx'),
  },
  // Enterprise and KOS management
  { id: 'kosAccount', path: '/kos-account', login: true, page: () => import('../features/content/kos/KosAccountPage.tsx') },
  {
    id: 'kosMonitoring',
    path: '/kos-monitoring',
    login: true,
    page: () => import('../features/content/kos/KosMonitoringPage.tsx'),
  },
  {
    id: 'kosPersonality',
    path: '/kos-personality',
    login: true,
    page: () => import('../features/content/kos/KosPersonalityPage.tsx'),
  },
  { id: 'kosTopic', path: '/kos-topic', login: true, page: () => import('../features/content/kos/KosTopicPage.tsx') },
  { id: 'kosTenant', path: '/kos-tenant', login: true, page: () => import('../features/organisation/team/KosTenantPage.tsx') },
  { id: 'kosMember', path: '/kos-member', login: true, page: () => import('../features/organisation/team/KosMemberPage.tsx') },
  { id: 'kosJoin', path: '/kos-join', login: true, page: () => import('../features/organisation/team/JoinPage.tsx') },
  // The operator console (docs/team-and-console.md): console operators only; others see why not.
  {
    id: 'console',
    path: '/console',
    login: true,
    noSidebar: true,
    page: () => import('../features/organisation/console/ConsolePage.tsx'),
  },
  // The marketing suite's text engine for operators (features/marketing/TextEnginePage.tsx).
  { id: 'textEngine', path: '/text-engine', login: true, page: () => import('../features/content/marketing/TextEnginePage.tsx') },
  { id: 'kosPersona', path: '/kos-persona', login: true, page: () => import('../features/content/kos/KosPersonaPage.tsx') },
  { id: 'audit', path: '/audit', login: true, page: () => import('../features/content/review/AuditPage.tsx') },
  {
    id: 'prodInsight',
    path: '/prod-insight',
    login: true,
    page: () => import('../features/content/insights/ProdInsightPage.tsx'),
  },
  {
    id: 'commentInsight',
    path: '/comment-insight',
    login: true,
    page: () => import('../features/content/insights/CommentInsightPage.tsx'),
  },
  { id: 'modiTaskList', path: '/modi-task-list', login: true, page: taskListPage },
  { id: 'modiTaskCreate', path: '/modi-task-list/create', login: true, page: taskFormPage },
  { id: 'modiTaskEdit', path: '/modi-task-list/edit/:id', login: true, page: taskFormPage },
  { id: 'modiNoteBase', path: '/modi-note-base', login: true, page: notesPage },
  { id: 'modiNoteDetail', path: '/modi-note-base/:id', login: true, page: noteDetailPage },
  { id: 'modiPubNoteBase', path: '/modi-pub-note-base', login: true, page: notesPage },
  { id: 'modiPubNoteDetail', path: '/modi-pub-note-base/:id', login: true, page: noteDetailPage },
  { id: 'modiHotLibrary', path: '/modi-hot-library', login: true, page: hotLibraryPage },
  { id: 'modiHotDetail', path: '/modi-hot-library/:id', login: true, page: hotItemPage },
  { id: 'modiKnowledge', path: '/modi-knowledge', login: true, page: knowledgePage },
  { id: 'modiTheme', path: '/modi-theme', login: true, page: themesPage },
  { id: 'modiThemeCreate', path: '/modi-theme/create', login: true, page: themeFormPage },
  { id: 'modiThemeEdit', path: '/modi-theme/edit/:id', login: true, page: themeFormPage },
  { id: 'modiThemeCreateTopic', path: '/modi-theme/create-topic', login: true, page: themeFormPage },
  { id: 'modiThemeEditTopic', path: '/modi-theme/edit-topic/:id', login: true, page: themeFormPage },
  { id: 'forbidden', path: '/403', page: () => import('../features/app/shell/ForbiddenPage.tsx'), noSidebar: true },
];

/** The route definition for a location path (without the base path), if any. */
export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => {
    const pattern = new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`);
    return pattern.test(pathname);
  });
}
