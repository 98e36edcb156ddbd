import { onCircuitOpened } from '../engines/ai-photo/circuit-events.ts';
import { alertCircuitOpened } from '../organisation/console/circuit-alerts.ts';

// The ai-photo engine announces an opened circuit; the console's operators are told in their inbox
// (engines sit below the contexts: docs/architecture.md). Registered on import by app/context.ts.
onCircuitOpened(alertCircuitOpened);
