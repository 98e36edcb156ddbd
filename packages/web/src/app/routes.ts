import type { BizType } from '@productimage/core';

/**
 * The route map of spec 000 §2 / spec 001 §2: every route exists. each route's lazy page module is in pages.ts;
 * routes whose feature is built in a later issue have none and show the translated coming-soon page
 * (it says what the tool will do; never a fake tool). `id` is the key in the `routes` i18n namespace.
 * A feature replaces `page` on its own routes; shell rules (side bar, login, mobile header) live here.
 */
export interface RouteDef {
  id: string;
  path: string;
  /** A route the spec names whose page is not built yet: the shell shows "coming soon" (pages.ts has no page for it). */
  notBuilt?: true;
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

export const ROUTES: RouteDef[] = [
  { id: 'home', path: '/', mobileHeader: true },
  { id: 'home', path: '/home', mobileHeader: true },
  {
    id: 'member',
    path: '/member',
    noSidebar: true,
    login: true,
  },
  {
    id: 'personalCenter',
    path: '/personal-center',
    noSidebar: true,
    login: true,
  },
  {
    id: 'personalSetting',
    path: '/personal-setting',
    noSidebar: true,
    login: true,
  },
  { id: 'goods', path: '/goods', noSidebar: true, login: true, vip: true },
  { id: 'userAgreement', path: '/user-agreement', noSidebar: true },
  { id: 'template', path: '/template', login: true },
  {
    id: 'templateEdit',
    path: '/template-edit',
    login: true,
  },
  // Image tools
  { id: 'humanFigureImage', bizType: 'MANNEQUIN_IMAGE', path: '/human-figure-image', mobileHeader: true },
  { id: 'modelPhotoNew', bizType: 'MODEL_IMAGE_NEW', path: '/model-photo-new', mobileHeader: true },
  { id: 'aiProductImage', bizType: 'PRODUCT_IMAGE', path: '/ai-product-image', mobileHeader: true },
  { id: 'wigImage', bizType: 'WIG_IMAGE', path: '/wig-image' },
  { id: 'shoesImage', bizType: 'SHOES_IMAGE', path: '/shoes-image' },
  {
    id: 'aiCutout',
    bizType: 'MATTING_IMAGE',
    path: '/ai-cutout',
    mobileHeader: true,
  },
  { id: 'customizedModels', bizType: 'CUSTOMIZED_MODEL', path: '/customized-models' },
  {
    id: 'customizedAnimal',
    bizType: 'PET_IMAGE_CUSTOMIZED',
    path: '/customized-animal',
    customizedImage: true,
  },
  { id: 'customizedPublicity', bizType: 'CUSTOMIZED_MODEL', path: '/customized-publicity' },
  {
    id: 'productBg',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/product-bg',
    mobileHeader: true,
  },
  {
    id: 'rewriteBackground',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/rewrite-background',
  },
  {
    id: 'batchCopyBg',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    path: '/batch-copy-bg',
  },
  // Batch studio (issue 33): paid members run it; free users see what it does and the upgrade path.
  { id: 'batchStudio', path: '/batch', login: true },
  { id: 'tryon', bizType: 'TRY_ON', path: '/tryon' },
  {
    id: 'aiQrCode',
    bizType: 'QR_CODE_ART',
    path: '/ai-qr-code',
  },
  {
    id: 'aiVideo',
    bizType: 'IMG_2_VEDIO',
    path: '/ai-video',
  },
  {
    id: 'aiVideoSingle',
    bizType: 'IMG_2_VEDIO',
    onlyEntry: true,
    path: '/ai-video-single',
  },
  { id: 'aiMixedCutting', path: '/ai-mixed-cutting', externalType: 0 },
  { id: 'aiMixedMuse', path: '/ai-mixed-muse', externalType: 5 },
  { id: 'aiMixedMuseRecommend', path: '/ai-mixed-muse-recommend', externalType: 10 },
  // Marketing
  { id: 'mott', path: '/mott', login: true },
  {
    id: 'mottAgent',
    path: '/mott-agent',
    noSidebar: true,
    login: true,
    chatAllow: true,
  },
  {
    id: 'mottRecommend',
    path: '/mott-recommend',
    login: true,
  },
  { id: 'mottIdea', path: '/mott-idea', login: true },
  { id: 'mottContent', path: '/mott-content', login: true },
  { id: 'mottKnowledge', path: '/mott-knowledge', login: true, vip: true },
  {
    id: 'mottStatistics',
    path: '/mott-statistics',
    login: true,
  },
  {
    id: 'contentHotspot',
    path: '/content-hotspot',
    login: true,
  },
  {
    id: 'contentCalendar',
    path: '/content-calendar',
    login: true,
  },
  {
    id: 'mott2',
    path: '/MoTT2',
    noSidebar: true,
    login: true,
  },
  {
    id: 'marketingHotspot',
    path: '/marketing-hotspot',
    noSidebar: true,
    login: true,
  },
  {
    id: 'hotspotPublisher',
    path: '/hotspot-publisher',
    noSidebar: true,
    login: true,
  },
  {
    id: 'contentPublishing',
    path: '/content-publishing',
    noSidebar: true,
    login: true,
  },
  {
    id: 'modiContent',
    path: '/modi-content',
    noSidebar: true,
    login: true,
  },
  {
    id: 'rewriteText',
    path: '/rewrite-text',
    login: true,
    bizType: 'HOT_ARTICLE_REWRITE',
  },
  {
    id: 'rewriteImage',
    path: '/rewrite-image',
    login: true,
    bizType: 'HOT_PIC_REWRITE',
  },
  {
    id: 'rewriteVideo',
    path: '/rewrite-video',
    login: true,
    bizType: 'HOT_VIDEO_REWRITE',
  },
  {
    id: 'rewriteArticle',
    path: '/rewrite-article',
    login: true,
    bizType: 'HOT_ARTICLE_REWRITE',
  },
  {
    id: 'topicGenerate',
    path: '/topic-generate',
    login: true,
    bizType: 'THEME_ARTICLE_GEN',
  },
  {
    id: 'posterCreate',
    path: '/poster-create',
    login: true,
    bizType: 'PLACARD_GEN',
  },
  {
    id: 'hotNotes',
    path: '/hot-notes',
    login: true,
    quietLogin: true,
  },
  {
    id: 'hotVideos',
    path: '/hot-videos',
    login: true,
    quietLogin: true,
  },
  {
    id: 'hotTopicList',
    path: '/hot-topic-list',
    login: true,
    quietLogin: true,
  },
  {
    id: 'hotWordList',
    path: '/hot-word-list',
    login: true,
    quietLogin: true,
  },
  {
    id: 'hotCalendar',
    path: '/hot-calendar',
    login: true,
    quietLogin: true,
  },
  {
    id: 'hotImmediate',
    path: '/hot-immediate',
    login: true,
    quietLogin: true,
  },
  {
    id: 'monthCalendar',
    path: '/month-calendar',
    login: true,
    quietLogin: true,
  },
  // Enterprise and KOS management
  { id: 'kosAccount', path: '/kos-account', login: true },
  {
    id: 'kosMonitoring',
    path: '/kos-monitoring',
    login: true,
  },
  {
    id: 'kosPersonality',
    path: '/kos-personality',
    login: true,
  },
  { id: 'kosTopic', path: '/kos-topic', login: true },
  { id: 'kosTenant', path: '/kos-tenant', login: true },
  { id: 'kosMember', path: '/kos-member', login: true },
  { id: 'kosJoin', path: '/kos-join', login: true },
  // The operator console (docs/team-and-console.md): console operators only; others see why not.
  {
    id: 'console',
    path: '/console',
    login: true,
    noSidebar: true,
  },
  // The marketing suite's text engine for operators (features/marketing/TextEnginePage.tsx).
  { id: 'textEngine', path: '/text-engine', login: true },
  { id: 'kosPersona', path: '/kos-persona', login: true },
  { id: 'audit', path: '/audit', login: true },
  {
    id: 'prodInsight',
    path: '/prod-insight',
    login: true,
  },
  {
    id: 'commentInsight',
    path: '/comment-insight',
    login: true,
  },
  { id: 'modiTaskList', path: '/modi-task-list', login: true },
  { id: 'modiTaskCreate', path: '/modi-task-list/create', login: true },
  { id: 'modiTaskEdit', path: '/modi-task-list/edit/:id', login: true },
  { id: 'modiNoteBase', path: '/modi-note-base', login: true },
  { id: 'modiNoteDetail', path: '/modi-note-base/:id', login: true },
  { id: 'modiPubNoteBase', path: '/modi-pub-note-base', login: true },
  { id: 'modiPubNoteDetail', path: '/modi-pub-note-base/:id', login: true },
  { id: 'modiHotLibrary', path: '/modi-hot-library', login: true },
  { id: 'modiHotDetail', path: '/modi-hot-library/:id', login: true },
  { id: 'modiKnowledge', path: '/modi-knowledge', login: true },
  { id: 'modiTheme', path: '/modi-theme', login: true },
  { id: 'modiThemeCreate', path: '/modi-theme/create', login: true },
  { id: 'modiThemeEdit', path: '/modi-theme/edit/:id', login: true },
  { id: 'modiThemeCreateTopic', path: '/modi-theme/create-topic', login: true },
  { id: 'modiThemeEditTopic', path: '/modi-theme/edit-topic/:id', login: true },
  { id: 'forbidden', path: '/403', noSidebar: true },
];

/** The route definition for a location path (without the base path), if any. */
export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => {
    const pattern = new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`);
    return pattern.test(pathname);
  });
}
