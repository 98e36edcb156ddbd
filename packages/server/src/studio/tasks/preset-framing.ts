import type { PresetFrame } from '@productimage/core';
import { createPresetFrameEngine } from '../../engines/local/preset-frame.ts';
import { offLoop } from '../../engines/pool.ts';
import { type Engine, type EngineJob, type EngineResult, engineResult } from '../../engines/types.ts';

/**
 * The one place a batch's picture meets its marketplace preset (issue 41): a task whose params carry
 * a preset's `frame` (batches/presets.ts `paramsForPreset`: a product on a colour, a product cut out
 * alone) delivers pictures framed to it, whatever engine made them. An engine that draws to the frame
 * itself says so (`framesToPreset`: the local engine's product on a colour); every other engine's
 * pictures (ComfyUI or any provider serving the background task, the local cut-out) are framed after
 * its run, in the engine pool (engines/local/preset-frame.ts `frameResult`). The task runtime builds
 * its registry with this wrapper (runtime.ts): cut out where they are
 * not a cut already, placed at the preset's fill, margin and shape on the recipe's colour (white for a
 * cut-out where the preset asks for white), a contact shadow only where the preset allows one.
 */

/** Compiled (production) or TypeScript sources (development, tests): the pooled framing is loaded as this file is. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

let framer: Engine<EngineResult> | null = null;
/** The framing in the engine pool (one thread is enough: it waits its turn beside the engines' work). */
function pooledFramer(): Engine<EngineResult> {
  framer ??= offLoop(
    createPresetFrameEngine(),
    { module: new URL(`../../engines/local/preset-frame${EXT}`, import.meta.url), factory: 'createPresetFrameEngine' },
    1,
  );
  return framer;
}

/** The business types whose params take a preset's frame (core `presetFrame`). */
const FRAMED_TYPES = ['MATTING_IMAGE', 'PRODUCT_REPLACE_IMAGE'];

/** The engine, its pictures framed to the task's preset when it does not frame them itself. */
export function withPresetFrame(engine: Engine): Engine {
  const own = new Set(engine.framesToPreset ?? []);
  if (!engine.bizTypes.some((type) => FRAMED_TYPES.includes(type) && !own.has(type))) return engine;
  return {
    ...engine,
    async run(job: EngineJob) {
      const made = await engine.run(job);
      const frame = job.params.frame as PresetFrame | undefined;
      if (!frame || own.has(job.bizType) || job.render) return made;
      const result = engineResult(made);
      const pictures = (result.files ?? []).filter((f) => f.type === 'image');
      if (!pictures.length) return made;
      // A product on a colour keeps the recipe's colour and shadow wish; a cut-out goes on the frame's background, shadowless.
      const onColour = typeof job.params.backgroundColor === 'string';
      const colour = onColour ? (job.params.backgroundColor as string) : (frame.background ?? null);
      const framed = await pooledFramer().run({
        taskId: job.taskId,
        bizType: job.bizType,
        params: { frame, colour, shadow: onColour && job.params.shadow !== false },
        inputs: pictures.map((p) => ({ buffer: p.buffer, contentType: p.contentType })),
        signal: job.signal,
        progress: () => undefined,
      });
      const files = engineResult(framed).files ?? [];
      let next = 0;
      return { ...result, files: (result.files ?? []).map((f) => (f.type === 'image' ? files[next++]! : f)) };
    },
  };
}
