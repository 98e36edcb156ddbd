import {
  closedGate,
  isMenuPathAllowed,
  type MenuSetId,
  menuSetOf,
  type TeamPermission,
  type TenantFlags,
} from '@productimage/core';
import type { RouteDef } from '../../../app/routes.ts';
import { ROUTES } from '../../../app/routes.ts';
import { type Availability, type Unavailable, unavailableReason } from './availabilityRules.ts';

/**
 * Header menus (spec 000 §2): each menu set is a list of groups; a group is a dropdown of route ids,
 * or a single link when it has one entry. Group names are `shell:group_<id>`.
 */
export interface MenuGroupDef {
  id: string;
  items: string[];
  /** Only for logged-in users (benefits centre, creation space, insight). */
  login?: boolean;
}

/*
 * The agent (mottAgent) is in every set's marketing or workbench group: its isChatAllow gate shows it
 * to the tenants that grant it (kos; any other once an operator switches chatAllow on in /console).
 */
export const MENU_SET_GROUPS: Record<MenuSetId, MenuGroupDef[]> = {
  default: [
    { id: 'home', items: ['home'] },
    {
      id: 'aiPhotography',
      items: [
        'humanFigureImage',
        'modelPhotoNew',
        'aiProductImage',
        'wigImage',
        'shoesImage',
        'tryon',
        'aiCutout',
        'productBg',
        'rewriteBackground',
        'batchCopyBg',
        'batchStudio',
      ],
    },
    {
      id: 'aiLab',
      items: [
        'customizedModels',
        'customizedAnimal',
        'customizedPublicity',
        'aiQrCode',
        'aiVideo',
        'aiVideoSingle',
        'aiMixedCutting',
        'aiMixedMuse',
        'aiMixedMuseRecommend',
        'template',
      ],
    },
    {
      id: 'aiMarketing',
      items: [
        'contentHotspot',
        'contentCalendar',
        'mottIdea',
        'mottContent',
        'mottRecommend',
        'mottAgent',
        'mottKnowledge',
        'mottStatistics',
        'rewriteText',
        'rewriteImage',
        'rewriteVideo',
        'marketingHotspot',
        'hotspotPublisher',
        'contentPublishing',
      ],
    },
    { id: 'rightsCenter', items: ['member', 'goods'], login: true },
    { id: 'creationSpace', items: ['personalCenter'], login: true },
  ],
  enterprise: [
    { id: 'workbench', items: ['mott2', 'mottAgent', 'modiTaskList'] },
    { id: 'assetLibrary', items: ['modiNoteBase', 'modiPubNoteBase', 'modiHotLibrary', 'modiKnowledge'] },
    { id: 'viralRewrite', items: ['rewriteText', 'rewriteImage', 'rewriteVideo', 'rewriteArticle'] },
    { id: 'creationTools', items: ['modiContent', 'modiTheme', 'topicGenerate', 'aiCutout', 'productBg', 'aiQrCode'] },
    {
      id: 'enterpriseManagement',
      items: ['kosAccount', 'kosMonitoring', 'kosPersonality', 'kosTopic', 'kosTenant', 'kosMember', 'audit'],
      login: true,
    },
    { id: 'marketingInsight', items: ['prodInsight', 'commentInsight'], login: true },
  ],
  // Natural-product and travel sets hide home (spec 000 §6).
  natural: [
    { id: 'aiPhotography', items: ['aiProductImage', 'productBg', 'rewriteBackground', 'batchCopyBg', 'aiCutout'] },
    { id: 'aiMarketing', items: ['contentHotspot', 'contentCalendar', 'mottIdea', 'mottContent', 'mottAgent', 'rewriteText'] },
    { id: 'rightsCenter', items: ['member'], login: true },
    { id: 'creationSpace', items: ['personalCenter'], login: true },
  ],
  travel: [
    { id: 'hotTopics', items: ['hotNotes', 'hotVideos', 'hotTopicList', 'hotWordList', 'hotImmediate'] },
    { id: 'hotCalendar', items: ['hotCalendar', 'monthCalendar'] },
    { id: 'aiMarketing', items: ['mottContent', 'mottAgent', 'rewriteText', 'rewriteImage', 'rewriteVideo'] },
    { id: 'creationSpace', items: ['personalCenter'], login: true },
  ],
};

/**
 * Entries shown in menus but not clickable. Spec 000 §2 lists /ai-video as disabled in menus; its tool
 * works, and a working tool shown disabled misleads merchants (issue 15), so nothing is disabled by
 * rule now: an entry is greyed only when its tool is unavailable here (availability, below).
 */
export const DISABLED_IN_MENUS = new Set<string>();
/** Entries tagged NEW in menus. */
export const NEW_IN_MENUS = new Set(['aiProductImage']);

/**
 * Management entries and the team permission they need (core TEAM_PERMISSIONS, docs/team-and-console.md):
 * a role without it does not see the entry (the page would only say it cannot be opened).
 */
export const MENU_PERMISSIONS: Readonly<Record<string, TeamPermission>> = {
  kosTenant: 'manageTenant',
  kosMember: 'manageMembers',
};

/** The caller's place in their team (GET /api/team/me): permissions, and whether they run the console. */
export interface ViewerTeam {
  permissions: readonly string[];
  consoleOperator: boolean;
}

/** Who is looking: logged in or not, and the server's flags (tenant, referrer, global, the user's gates). */
export interface Viewer {
  loggedIn: boolean;
  flags: TenantFlags;
  /** GET /api/team/me; undefined while unknown (logged out or not answered yet: management entries stay hidden). */
  team?: ViewerTeam;
  /** What the deployment can run (GET /api/availability); undefined until it answers. */
  availability?: Availability;
}

export interface MenuItem {
  route: RouteDef;
  disabled: boolean;
  isNew: boolean;
  /** Why the tool cannot be used in this deployment (menus mark it), or null. */
  unavailable: Unavailable | null;
}
export interface MenuGroup {
  id: string;
  items: MenuItem[];
}

const routeById = new Map<string, RouteDef>();
for (const route of ROUTES) if (!routeById.has(route.id)) routeById.set(route.id, route);

/** The first route defined for a route id (`home` has two paths; menus use `/`). */
export const routeOf = (id: string): RouteDef | undefined => routeById.get(id);

/**
 * Why a viewer may not open a route, if they may not: the gates of spec 000 §6 (vipUser: product
 * library and goods; isChatAllow: the agent; customizedImage: custom figure). Anonymous visitors
 * pass the user gates here: the route's login rule asks them to log in first.
 */
export function routeGate(route: RouteDef, viewer: Viewer): 'vip' | 'chat' | 'feature' | null {
  const gate = closedGate(viewer.flags, route);
  return gate !== 'feature' && !viewer.loggedIn ? null : gate;
}

/** Whether the viewer's team role allows a route's menu entry (entries without a permission: always). */
export function teamAllows(route: RouteDef, viewer: Viewer): boolean {
  const permission = MENU_PERMISSIONS[route.id];
  return !permission || !!viewer.team?.permissions.includes(permission);
}

/** The operator console (/console) is offered to console operators only. */
export const showsConsole = (viewer: Viewer): boolean => viewer.loggedIn && !!viewer.team?.consoleOperator;

const visibleInMenus = (route: RouteDef, viewer: Viewer) =>
  isMenuPathAllowed(viewer.flags, route.path) && closedGate(viewer.flags, route) === null && teamAllows(route, viewer);

/** The header menus this viewer sees: hidden groups and entries removed, empty groups dropped. */
export function buildMenus(viewer: Viewer): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const group of MENU_SET_GROUPS[menuSetOf(viewer.flags)]) {
    if (group.login && !viewer.loggedIn) continue;
    // hideTools keeps home, benefits and creation space but drops the tool menus.
    if (viewer.flags.hideTools && !['home', 'rightsCenter', 'creationSpace'].includes(group.id)) continue;
    const items: MenuItem[] = [];
    for (const id of group.items) {
      const route = routeOf(id);
      if (!route || !visibleInMenus(route, viewer)) continue;
      items.push({
        route,
        disabled: DISABLED_IN_MENUS.has(id),
        isNew: NEW_IN_MENUS.has(id),
        unavailable: unavailableReason(route, viewer.availability),
      });
    }
    if (items.length) groups.push({ id: group.id, items });
  }
  return groups;
}

/** The menu group that holds a route, for the side bar (null when the route is in none). */
export function groupOfRoute(menus: MenuGroup[], routeId: string): MenuGroup | null {
  return menus.find((g) => g.items.some((item) => item.route.id === routeId)) ?? null;
}

/**
 * Where / goes when home is hidden: the first enabled, available entry of the visible menus, else
 * the first enabled one (its page says it is not available yet, which beats a 404).
 */
export function landingPath(menus: MenuGroup[]): string | null {
  const items = menus.flatMap((group) => group.items).filter((item) => !item.disabled);
  return (items.find((item) => !item.unavailable) ?? items[0])?.route.path ?? null;
}

/** The tools this viewer can use, in menu order (home, the mobile switcher). */
export function availableTools(menus: MenuGroup[]): MenuItem[] {
  return menus.flatMap((group) => group.items.filter((item) => !item.disabled && !item.unavailable));
}

/**
 * The nearest working tool to an unavailable one: the first usable entry of the same menu group,
 * else the first usable tool anywhere (the coming-soon page links there). Null when none works.
 */
export function nearestAvailable(menus: MenuGroup[], routeId: string): RouteDef | null {
  const usable = (item: MenuItem) => !item.disabled && !item.unavailable && item.route.id !== routeId && item.route.id !== 'home';
  const own = menus.find((g) => g.items.some((item) => item.route.id === routeId));
  const near = own?.items.find(usable) ?? menus.flatMap((g) => g.items).find(usable);
  return near?.route ?? null;
}
