import type { Db } from '../../platform/db/index.ts';
import type { ProviderName } from './provider.ts';

/** A provider's circuit just opened (circuit.ts): once per opening, not per failure. */
export interface CircuitOpened {
  provider: ProviderName;
  /** The failure that opened it (`<catalogue key>: <message>`). */
  error: string;
  /** Consecutive failures counted when it opened. */
  failures: number;
  /** How long tasks skip the provider before one probes it (AI_PHOTO_CIRCUIT_SECONDS). */
  seconds: number;
  at: number;
}

export type CircuitOpenedHandler = (db: Db, event: CircuitOpened) => Promise<unknown>;

const registered: CircuitOpenedHandler[] = [];

/**
 * Registers what happens when a circuit opens. The engine floor cannot reach the inbox: the
 * composition root registers the operators' alert (app/circuit-alerts.ts) at import, as it does for
 * identity's account events. A second registration of the same handler is ignored.
 */
export function onCircuitOpened(handler: CircuitOpenedHandler): void {
  if (!registered.includes(handler)) registered.push(handler);
}

/** Tells every handler; a handler's failure is logged and never fails the task that opened the circuit. */
export async function circuitOpened(db: Db, event: CircuitOpened): Promise<void> {
  for (const handler of registered)
    await handler(db, event).catch((err) => console.error(`ai-photo: circuit alert for ${event.provider} failed`, err));
}
