import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type Preset, type PresetRules, presetFrameOf } from './checks.ts';
import type { BatchTables } from './tables.ts';

/** The marketplace presets, as operators last left them (batch_presets, seeded by migration 0190). */
type PresetRow = Selectable<BatchTables['batch_presets']>;

const toPreset = (row: PresetRow): Preset => ({
  name: row.name,
  label: row.label,
  width: row.width,
  height: row.height,
  format: row.format,
  maxBytes: row.max_bytes,
  // Rules added after a row was written are off until an operator (or migrations 0246, 0256) sets them.
  rules: {
    noText: false,
    noBorder: false,
    oneProduct: false,
    contactShadow: false,
    ...(JSON.parse(row.rules) as Partial<PresetRules>),
  } as PresetRules,
  source: row.source,
});

export async function listPresets(db: Db): Promise<Preset[]> {
  const rows = await db.selectFrom('batch_presets').selectAll().orderBy('name').execute();
  return rows.map(toPreset);
}

/** The preset of that name, or a 400 naming the field. */
export async function presetByName(db: Db, name: string, field = 'preset'): Promise<Preset> {
  const row = await db.selectFrom('batch_presets').selectAll().where('name', '=', name).executeTakeFirst();
  if (!row) throw new AppError('badRequest', {}, { field });
  return toPreset(row);
}

export type PresetInput = Omit<Preset, 'name'>;

/** Creates or replaces a preset (operators; no deploy needed). */
export async function savePreset(db: Db, operatorId: string, name: string, input: PresetInput): Promise<Preset> {
  const values = {
    label: input.label,
    width: input.width,
    height: input.height,
    format: input.format,
    max_bytes: input.maxBytes,
    rules: JSON.stringify(input.rules),
    source: input.source,
    updated_at: Date.now(),
    updated_by: operatorId,
  };
  await db
    .insertInto('batch_presets')
    .values({ name, ...values })
    .onConflict((oc) => oc.column('name').doUpdateSet(values))
    .execute();
  return presetByName(db, name);
}

/**
 * The params a batch's recipe runs with for its preset (issue 41): a product on a colour, and a
 * product cut out alone, are rendered to the preset's frame (fill, margin, shape, contact shadow only
 * where allowed; the cut-out on white where the preset asks for a white background), so they pass
 * the preset by construction, whatever engine makes them (tasks/preset-framing.ts). Other recipes
 * (scenes, references, AI tools) run as the single task.
 */
export function paramsForPreset(bizType: string, params: Record<string, unknown>, preset: Preset): Record<string, unknown> {
  const onColour = bizType === 'PRODUCT_REPLACE_IMAGE' && typeof params.backgroundColor === 'string';
  if (!onColour && bizType !== 'MATTING_IMAGE') return params;
  const frame = presetFrameOf(preset);
  if (!frame) return params;
  if (onColour) return { ...params, frame };
  return { ...params, frame: preset.rules.whiteBackground ? { ...frame, background: '#ffffff' } : frame };
}
