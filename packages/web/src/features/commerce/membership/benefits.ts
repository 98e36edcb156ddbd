import { BIZ_TYPES, type TierBenefits } from '@productimage/core';

/**
 * Why a benefit line is not offered by this deployment: `engine` a tool it needs has no engine here
 * (ENGINES), `queue` the dedicated compute channel needs engine slots reserved for the tier
 * (RESERVED_SLOTS, docs/scaling.md "Tier priority"; fast compute, the tier priority, always holds).
 */
export type BenefitGap = 'engine' | 'queue';

export interface BenefitLine {
  key: string;
  params?: Record<string, unknown>;
  /** Set when this deployment cannot keep the promise: hidden from members, marked for operators. */
  gap?: BenefitGap;
}

/** The business types a benefit line relies on (any one of them is enough). */
const NEEDS: Partial<Record<string, readonly string[]>> = {
  batch: BIZ_TYPES,
  download2k: BIZ_TYPES,
  customColors: ['PRODUCT_REPLACE_IMAGE'],
  fixedScenes: ['MODEL_IMAGE_NEW', 'MANNEQUIN_IMAGE', 'CUSTOMIZED_MODEL'],
  exclusiveModels: ['CUSTOMIZED_MODEL'],
};

/**
 * The benefit lines of a tier card, as `member:benefits.*` keys with their parameters. With the
 * deployment's engine business types (GET /api/availability), a line whose tools have no engine
 * here, or a compute-speed promise the queue does not keep, carries its `gap`.
 */
export function benefitLines(
  b: TierBenefits,
  enterprise = false,
  bizTypes?: readonly string[],
  reservedChannel = false,
): BenefitLine[] {
  const lines: BenefitLine[] = [];
  if (enterprise) lines.push({ key: 'customCoins' });
  lines.push({ key: b.download === '2k' ? 'download2k' : 'download1080p' });
  const speed = { normal: 'speedNormal', fast: 'speedFast', dedicated: 'speedDedicated', cluster: 'speedCluster' } as const;
  // Paid tiers queue ahead of free ones (fast compute); the dedicated channel is slots reserved for the
  // tier when configured; enterprise's dedicated cluster is its own workers (WORKER_TENANT), by contract.
  lines.push(b.speed === 'dedicated' && !reservedChannel ? { key: speed[b.speed], gap: 'queue' } : { key: speed[b.speed] });
  lines.push(b.historyDays >= 365 ? { key: 'historyYear' } : { key: 'history', params: { days: b.historyDays } });
  if (b.batch) lines.push({ key: 'batch' });
  if (b.customColors) lines.push({ key: 'customColors' });
  if (b.fixedScenes) lines.push({ key: 'fixedScenes' });
  if (b.dedicatedService) lines.push({ key: 'dedicatedService' });
  if (b.exclusiveModels) lines.push({ key: 'exclusiveModels' });
  if (b.apiAccess) lines.push({ key: 'apiAccess' });
  if (!bizTypes) return lines;
  return lines.map((line) => {
    const needs = NEEDS[line.key];
    return needs && !needs.some((type) => bizTypes.includes(type)) ? { ...line, gap: 'engine' } : line;
  });
}

/** What a viewer sees: members only what is offered; operators every line, gaps marked. */
export const shownBenefits = (lines: BenefitLine[], operator: boolean) => (operator ? lines : lines.filter((l) => !l.gap));
