import enAgentChat from './en/agentChat.ts';
import enAgreement from './en/agreement.ts';
import enAiPhoto from './en/aiPhoto.ts';
import enAuth from './en/auth.ts';
import enBatches from './en/batches.ts';
import enComingSoon from './en/comingSoon.ts';
import enCommon from './en/common.ts';
import enCompliance from './en/compliance.ts';
import enConsole from './en/console.ts';
import enCreation from './en/creation.ts';
import enEmbed from './en/embed.ts';
import enErrors from './en/errors.ts';
import enFeedback from './en/feedback.ts';
import enFeishuPlugins from './en/feishuPlugins.ts';
import enGeneration from './en/generation.ts';
import enGoods from './en/goods.ts';
import enHome from './en/home.ts';
import enHotLibrary from './en/hotLibrary.ts';
import enHotWorkbench from './en/hotWorkbench.ts';
import enInbox from './en/inbox.ts';
import enInsights from './en/insights.ts';
import enKnowledge from './en/knowledge.ts';
import enKos from './en/kos.ts';
import enLeads from './en/leads.ts';
import enMarketing from './en/marketing.ts';
import enMember from './en/member.ts';
import enMessaging from './en/messaging.ts';
import enModelLibrary from './en/modelLibrary.ts';
import enNotes from './en/notes.ts';
import enOpenApi from './en/openApi.ts';
import enOrders from './en/orders.ts';
import enPoints from './en/points.ts';
import enReview from './en/review.ts';
import enRewrite from './en/rewrite.ts';
import enRoutes from './en/routes.ts';
import enSettings from './en/settings.ts';
import enShell from './en/shell.ts';
import enTaskList from './en/taskList.ts';
import enTasks from './en/tasks.ts';
import enTeam from './en/team.ts';
import enTemplates from './en/templates.ts';
import enThemes from './en/themes.ts';
import enTools from './en/tools.ts';
import enValidation from './en/validation.ts';
import zhAgentChat from './zh/agentChat.ts';
import zhAgreement from './zh/agreement.ts';
import zhAiPhoto from './zh/aiPhoto.ts';
import zhAuth from './zh/auth.ts';
import zhBatches from './zh/batches.ts';
import zhComingSoon from './zh/comingSoon.ts';
import zhCommon from './zh/common.ts';
import zhCompliance from './zh/compliance.ts';
import zhConsole from './zh/console.ts';
import zhCreation from './zh/creation.ts';
import zhEmbed from './zh/embed.ts';
import zhErrors from './zh/errors.ts';
import zhFeedback from './zh/feedback.ts';
import zhFeishuPlugins from './zh/feishuPlugins.ts';
import zhGeneration from './zh/generation.ts';
import zhGoods from './zh/goods.ts';
import zhHome from './zh/home.ts';
import zhHotLibrary from './zh/hotLibrary.ts';
import zhHotWorkbench from './zh/hotWorkbench.ts';
import zhInbox from './zh/inbox.ts';
import zhInsights from './zh/insights.ts';
import zhKnowledge from './zh/knowledge.ts';
import zhKos from './zh/kos.ts';
import zhLeads from './zh/leads.ts';
import zhMarketing from './zh/marketing.ts';
import zhMember from './zh/member.ts';
import zhMessaging from './zh/messaging.ts';
import zhModelLibrary from './zh/modelLibrary.ts';
import zhNotes from './zh/notes.ts';
import zhOpenApi from './zh/openApi.ts';
import zhOrders from './zh/orders.ts';
import zhPoints from './zh/points.ts';
import zhReview from './zh/review.ts';
import zhRewrite from './zh/rewrite.ts';
import zhRoutes from './zh/routes.ts';
import zhSettings from './zh/settings.ts';
import zhShell from './zh/shell.ts';
import zhTaskList from './zh/taskList.ts';
import zhTasks from './zh/tasks.ts';
import zhTeam from './zh/team.ts';
import zhTemplates from './zh/templates.ts';
import zhThemes from './zh/themes.ts';
import zhTools from './zh/tools.ts';
import zhValidation from './zh/validation.ts';

/**
 * Every user-visible string, one namespace per domain (the same name as the server folder and
 * the web feature folder). A new domain adds its two files and one line per language here.
 */
export const resources = {
  zh: {
    common: zhCommon,
    tools: zhTools,
    rewrite: zhRewrite,
    tasks: zhTasks,
    creation: zhCreation,
    validation: zhValidation,
    feishuPlugins: zhFeishuPlugins,
    errors: zhErrors,
    routes: zhRoutes,
    home: zhHome,
    shell: zhShell,
    comingSoon: zhComingSoon,
    themes: zhThemes,
    team: zhTeam,
    console: zhConsole,
    aiPhoto: zhAiPhoto,
    taskList: zhTaskList,
    hotLibrary: zhHotLibrary,
    kos: zhKos,
    review: zhReview,
    insights: zhInsights,
    batches: zhBatches,
    hotWorkbench: zhHotWorkbench,
    agentChat: zhAgentChat,
    goods: zhGoods,
    notes: zhNotes,
    knowledge: zhKnowledge,
    inbox: zhInbox,
    feedback: zhFeedback,
    leads: zhLeads,
    settings: zhSettings,
    openApi: zhOpenApi,
    messaging: zhMessaging,
    auth: zhAuth,
    agreement: zhAgreement,
    member: zhMember,
    points: zhPoints,
    orders: zhOrders,
    embed: zhEmbed,
    marketing: zhMarketing,
    compliance: zhCompliance,
    generation: zhGeneration,
    modelLibrary: zhModelLibrary,
    templates: zhTemplates,
  },
  en: {
    common: enCommon,
    tools: enTools,
    rewrite: enRewrite,
    tasks: enTasks,
    creation: enCreation,
    validation: enValidation,
    feishuPlugins: enFeishuPlugins,
    errors: enErrors,
    routes: enRoutes,
    home: enHome,
    shell: enShell,
    comingSoon: enComingSoon,
    themes: enThemes,
    team: enTeam,
    console: enConsole,
    aiPhoto: enAiPhoto,
    taskList: enTaskList,
    hotLibrary: enHotLibrary,
    kos: enKos,
    review: enReview,
    insights: enInsights,
    batches: enBatches,
    hotWorkbench: enHotWorkbench,
    agentChat: enAgentChat,
    goods: enGoods,
    notes: enNotes,
    knowledge: enKnowledge,
    inbox: enInbox,
    feedback: enFeedback,
    leads: enLeads,
    settings: enSettings,
    openApi: enOpenApi,
    messaging: enMessaging,
    auth: enAuth,
    agreement: enAgreement,
    member: enMember,
    points: enPoints,
    orders: enOrders,
    embed: enEmbed,
    marketing: enMarketing,
    compliance: enCompliance,
    generation: enGeneration,
    modelLibrary: enModelLibrary,
    templates: enTemplates,
  },
} as const;

export type Namespace = keyof (typeof resources)['zh'];
