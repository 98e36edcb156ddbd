import { accountRewards } from '../commerce/points/account-rewards.ts';
import { onAccountEvents } from '../identity/accounts/account-events.ts';

// Identity announces an account's events; commerce pays for them (identity sits below commerce:
// docs/architecture.md). Registered on import by app/context.ts, before any account can be made.
onAccountEvents(accountRewards);
