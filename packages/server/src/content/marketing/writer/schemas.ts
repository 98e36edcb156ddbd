import { z } from 'zod';
import { TEXT_ENGINE_CHOICES } from './text-engine.ts';

/** Wire shapes of the text engine (which engine writes drafts), as reports and content name it too. */

/** The engine a report or content task was written with. */
export const textEngineSchema = z.enum(['openai-chat', 'offline-writer']);

/** The text engine that writes drafts now. */
export const marketingEngineSchema = z.object({
  engine: textEngineSchema,
  model: z.string().nullable(),
  /** Why the offline writer writes (null while the chat model does). */
  offlineReason: z.enum(['operatorChoice', 'notConfigured']).nullable(),
});

/** What operators see of the text engine (web /text-engine). */
export const textEngineStateSchema = z
  .object({
    /** What operators chose: `auto` (the chat model when configured) or `offline-writer`. */
    choice: z.enum(TEXT_ENGINE_CHOICES),
    /** The engine writing drafts now. */
    active: z.enum(['openai-chat', 'offline-writer']),
    chat: z.object({
      configured: z.boolean(),
      model: z.string().nullable(),
      /** The server's origin (no path, no key). */
      server: z.string().nullable(),
      health: z.enum(['ok', 'unauthorized', 'unreachable', 'error', 'notConfigured']),
      status: z.number().nullable(),
      ms: z.number().nullable(),
    }),
    /** The embedded offline writer is always there. */
    offlineWriter: z.object({ available: z.literal(true) }),
  })
  .meta({ id: 'TextEngineState' });
