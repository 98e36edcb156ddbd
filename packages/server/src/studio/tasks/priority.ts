import { TIERS, type Tier, tierRank } from '@productimage/core';

/**
 * Tier priority with ageing (issue 47; docs/scaling.md "Tier priority"). Every pending task has a
 * queue key, `created_at - headStart(priority)`, where the priority is its owner's tier rank when it
 * was accepted (free 0 … enterprise 5); workers claim the smallest key first (claimTask), in the
 * in-process queue and BullMQ alike. This is linear ageing: a waiting task gains on newer ones at
 * one millisecond per millisecond, so a lower tier that has waited longer than the tiers' gap goes
 * first.
 *
 * - Paid before free: a paid task goes before every free task that arrived less than
 *   PAID_HEAD_START_MS (30 min) before it, so under a flood of free tasks (a backlog shorter than
 *   that) it runs at the next free slot. Among paid tiers each rank is a further TIER_STEP_MS ahead.
 * - Ageing: no task is overtaken by one that arrived more than AGEING_BOUND_MS (the widest gap, free
 *   to enterprise: 38 min) after it, so a free task never starves: it waits at most that much
 *   longer than it would in arrival order.
 * - Fair share per user stays as it was: the batch runner releases at most IN_FLIGHT_PER_USER of a
 *   user's batch items at a time, so a batch never queues more than that ahead of anyone of its tier.
 */
export const PAID_HEAD_START_MS = 30 * 60_000;
export const TIER_STEP_MS = 2 * 60_000;

/** How far ahead of a free task of the same moment a task of this priority queues. */
export const headStartOf = (priority: number): number => (priority <= 0 ? 0 : PAID_HEAD_START_MS + (priority - 1) * TIER_STEP_MS);

export const AGEING_BOUND_MS = headStartOf(TIERS.length - 1);

export const priorityOfTier = (tier: Tier): number => Math.max(0, tierRank(tier));

export const queueKeyOf = (createdAt: number, priority: number): number => createdAt - headStartOf(priority);
