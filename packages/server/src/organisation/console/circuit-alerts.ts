import type { Language } from '@productimage/core';
import type { CircuitOpened } from '../../engines/ai-photo/circuit-events.ts';
import { sendReceipt } from '../../identity/inbox/receipts.ts';
import { operatorIdsOf } from '../../identity/operators/operators.ts';
import { DEFAULT_TENANT_ID } from '../../identity/tenants/store.ts';
import type { Db } from '../../platform/db/index.ts';
import { translate } from '../../platform/http/i18n.ts';

/**
 * A provider's circuit opened: every operator of the platform (the default tenant's console
 * operators, who route the AI photography tools) gets one inbox message, in Chinese and English,
 * naming the provider, the failure and what the router does meanwhile, with a link to the console's
 * engines tab. Registered by the composition root (app/circuit-alerts.ts); once per opening, so an
 * outage that a failed probe prolongs sends nothing more.
 */
export async function alertCircuitOpened(db: Db, event: CircuitOpened): Promise<void> {
  const provider = (l: Language) => translate(l, `aiPhoto:providers.${event.provider}`);
  for (const userId of await operatorIdsOf(db, DEFAULT_TENANT_ID))
    await sendReceipt(db, userId, undefined, {
      title: ['aiPhoto:circuitAlert.title', { provider }],
      body: [['aiPhoto:circuitAlert.body', { provider, count: event.failures, error: event.error, seconds: event.seconds }]],
      link: { path: '/console?tab=engines', label: 'aiPhoto:circuitAlert.open' },
    });
}
