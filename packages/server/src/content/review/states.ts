/**
 * Review states and who may move an item between them (docs/kos.md "Review"):
 * draft -submit-> in_review -approve-> approved -publish-> published
 *                 in_review -reject-> rejected -submit-> in_review (after changes)
 *                 in_review -withdraw-> draft
 * submit and withdraw are the author's; approve, reject and publish need the reviewContent
 * permission (owner, admin, operator). A rejection needs a comment saying why.
 */
export const REVIEW_STATUSES = ['draft', 'in_review', 'approved', 'rejected', 'published'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_ACTIONS = ['submit', 'withdraw', 'approve', 'reject', 'publish'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_KINDS = ['idea', 'content'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const TRANSITIONS: Record<ReviewAction, { from: readonly ReviewStatus[]; to: ReviewStatus; by: 'author' | 'reviewer' }> = {
  submit: { from: ['draft', 'rejected'], to: 'in_review', by: 'author' },
  withdraw: { from: ['in_review'], to: 'draft', by: 'author' },
  approve: { from: ['in_review'], to: 'approved', by: 'reviewer' },
  reject: { from: ['in_review'], to: 'rejected', by: 'reviewer' },
  publish: { from: ['approved'], to: 'published', by: 'reviewer' },
};

/** States in which the author may still change the text. */
export const EDITABLE: readonly ReviewStatus[] = ['draft', 'rejected'];
