/**
 * Roles inside a tenant (enterprise and KOS teams) and what each may do. The spec names no roles
 * (000 §6 only has tiers); these follow what team products usually offer (docs/team-and-console.md):
 * - owner: everything, including handing the ownership to another member;
 * - admin: members and their roles (below owner), invitations, tenant settings, the points pool and
 *   allowances, the audit log, plus everything an operator may do;
 * - operator: runs the KOS work: accounts, personas, topic plans, monitoring, the review queue and
 *   insights;
 * - member: uses the tools, creates ideas and content and submits them for review, reads KOS data.
 * Users of a tenant without a role row are members. The server checks every management route with
 * `requireTeamPermission`; the web hides what the role may not do with the same table.
 */
export const TEAM_ROLES = ['owner', 'admin', 'operator', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles that can be given by invitation or role change (ownership moves only by transfer). */
export const ASSIGNABLE_TEAM_ROLES = ['admin', 'operator', 'member'] as const satisfies readonly TeamRole[];
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

const ALL: readonly TeamRole[] = TEAM_ROLES;
const ADMINS: readonly TeamRole[] = ['owner', 'admin'];
const OPERATORS: readonly TeamRole[] = ['owner', 'admin', 'operator'];

/** Permission name -> roles allowed. */
export const TEAM_PERMISSIONS = {
  /** Hand the tenant's ownership to another member. */
  transferOwnership: ['owner'],
  /** List members, change roles below owner, remove members. */
  manageMembers: ADMINS,
  /** Create and revoke invitations (link or phone). */
  inviteMembers: ADMINS,
  /** Tenant settings the tenant may change itself (name, logo, menus and flags allowed to tenants). */
  manageTenant: ADMINS,
  /** The enterprise points pool and per-member allowances. */
  managePoints: ADMINS,
  /** Read the audit log. */
  viewAuditLog: ADMINS,
  /** Create, list and revoke the tenant's team API keys (docs/open-api.md). */
  manageApiKeys: ADMINS,
  /** KOS accounts, personas, topic plans and monitoring data: create, edit, delete, import. */
  manageKos: OPERATORS,
  /** Approve, reject, publish ideas and contents in the review queue. */
  reviewContent: OPERATORS,
  /** Import reviews and comments and run insight analyses. */
  useInsights: OPERATORS,
  /** Create ideas and contents and submit them for review; comment. */
  submitContent: ALL,
  /** Read KOS accounts, personas, topics, monitoring and insight results. */
  readKos: ALL,
  /** See the member list (names and roles only). */
  viewMembers: ALL,
} as const satisfies Record<string, readonly TeamRole[]>;

export type TeamPermission = keyof typeof TEAM_PERMISSIONS;
export const TEAM_PERMISSION_NAMES = Object.keys(TEAM_PERMISSIONS) as TeamPermission[];

/** Whether the role may do what the permission covers. */
export function teamRoleCan(role: TeamRole, permission: TeamPermission): boolean {
  return (TEAM_PERMISSIONS[permission] as readonly TeamRole[]).includes(role);
}

/** Rank for "may change roles of": a role can only assign or change roles strictly below its own. */
export const TEAM_ROLE_RANK: Record<TeamRole, number> = { owner: 3, admin: 2, operator: 1, member: 0 };

/**
 * The flags a tenant's owners and admins may change themselves on /kos-tenant (besides the name and
 * the logo). Menu sets, invite codes, header/sidebar and chat rights stay with console operators.
 */
export const TENANT_SELF_FLAGS = ['hiddenRoutes', 'hideInvite', 'hideCoins', 'hideFloating'] as const;
export type TenantSelfFlag = (typeof TENANT_SELF_FLAGS)[number];

/** Invitations: how long a link or phone invitation stays valid (days). */
export const TEAM_INVITATION_DAYS = { default: 7, max: 30 } as const;
