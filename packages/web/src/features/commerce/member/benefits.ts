import type { TierBenefits } from '@productimage/core';

/** The benefit lines of a tier card, as `member:benefits.*` keys with their parameters. */
export function benefitLines(b: TierBenefits, enterprise = false): Array<{ key: string; params?: Record<string, unknown> }> {
  const lines: Array<{ key: string; params?: Record<string, unknown> }> = [];
  if (enterprise) lines.push({ key: 'customCoins' });
  lines.push({ key: b.download === '2k' ? 'download2k' : 'download1080p' });
  const speed = { normal: 'speedNormal', fast: 'speedFast', dedicated: 'speedDedicated', cluster: 'speedCluster' } as const;
  lines.push({ key: speed[b.speed] });
  lines.push(b.historyDays >= 365 ? { key: 'historyYear' } : { key: 'history', params: { days: b.historyDays } });
  if (b.batch) lines.push({ key: 'batch' });
  if (b.customColors) lines.push({ key: 'customColors' });
  if (b.fixedScenes) lines.push({ key: 'fixedScenes' });
  if (b.dedicatedService) lines.push({ key: 'dedicatedService' });
  if (b.exclusiveModels) lines.push({ key: 'exclusiveModels' });
  if (b.apiAccess) lines.push({ key: 'apiAccess' });
  return lines;
}
