/**
 * The marketing agent (/mott-agent, gated by the tenant's isChatAllow) and the hot-content
 * workbench (/MoTT2). docs/marketing.md "Workbench and agent chat".
 *
 * Spec 001 gives no price for the agent; one answer costs AGENT_ANSWER_COST points, charged when
 * the question is sent (after the engine check) and refunded when the answer fails or is stopped
 * (spec 001 §4: "on stop ... the coins are returned").
 */
export const AGENT_ANSWER_COST = 1;
/** Longest question and conversation title (characters). */
export const AGENT_QUESTION_MAX = 4000;
export const AGENT_TITLE_MAX = 60;
/** Earlier messages sent to the model with a new question. */
export const AGENT_HISTORY_MESSAGES = 20;
/** Tool calls the agent may make for one question. */
export const AGENT_MAX_TOOL_CALLS = 3;
/**
 * The tools the agent can call: look-ups in the hot lists and the user's own hot library and
 * knowledge base, and two that start work the user asked for in so many words (an idea report,
 * platform posts); those are charged as when started from their own pages.
 */
export const AGENT_TOOLS = [
  'hot_items',
  'hot_words',
  'hot_library',
  'knowledge_search',
  'start_idea_report',
  'generate_content',
] as const;
export type AgentTool = (typeof AGENT_TOOLS)[number];
export const AGENT_MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type AgentMessageStatus = (typeof AGENT_MESSAGE_STATUSES)[number];

/** The four tabs of the hot-content workbench (spec 001 §2, §3), in order. */
export const WORKBENCH_TABS = ['THEME_ARTICLE_GEN', 'HOT_ARTICLE_REWRITE', 'BACKGROUND_REPRODUCE', 'PLACARD_GEN'] as const;
export type WorkbenchTab = (typeof WORKBENCH_TABS)[number];
/** Spec 001 §9: page size 10, background list 16; the poster list pages by cursor. */
export const WORKBENCH_PAGE_SIZE = 10;
export const WORKBENCH_BACKGROUND_PAGE_SIZE = 16;
export const WORKBENCH_POSTER_PAGE_SIZE = 12;
/** The business types whose history the background tab shows (the background tools' tasks). */
export const WORKBENCH_BACKGROUND_BIZ_TYPES = ['PRODUCT_REPLACE_IMAGE'] as const;
