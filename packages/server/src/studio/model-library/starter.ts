import crypto from 'node:crypto';
import type { Language } from '@productimage/core';
import type { Selectable } from 'kysely';
import { FIGURE_KEYS, type FigureMaker, figureMaker } from '../../engines/ai-photo/figures.ts';
import { ProviderError } from '../../engines/ai-photo/provider.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { saveUpload, sniffImage } from '../uploads/service.ts';
import { type Caller, operates } from './service.ts';

/**
 * The starter model library (issue 47): a console action of the platform's operators that makes a
 * set of model figures through a keyed provider (FASHN's model-create: engines/ai-photo/figures.ts)
 * and publishes them to the public scope, every tenant's library. The set varies age, build, skin
 * tone and pose; each figure records its licence (the provider's terms, who published it, when) and
 * its consent (a generated figure of no real person needs no model release). Nothing is seeded:
 * without a key the action names the key it needs and calls no provider, so nothing is charged.
 * The figures are made one at a time in the background; the console reads the build's progress.
 */
export type Gender = 'female' | 'male';
export type Age = '20s' | '30s' | '40s' | '50s';
export type Build = 'slim' | 'average' | 'athletic' | 'plus';
export type Skin = 'light' | 'medium' | 'olive' | 'brown' | 'deep';
export type Pose = 'front' | 'threeQuarter' | 'walking' | 'handsOnHips' | 'seated';

export interface FigureSpec {
  gender: Gender;
  age: Age;
  build: Build;
  skin: Skin;
  pose: Pose;
}

/** Twelve figures, half women and half men; every age band, build, skin tone and pose appears at least twice. */
export const STARTER_FIGURES: readonly FigureSpec[] = [
  { gender: 'female', age: '20s', build: 'slim', skin: 'light', pose: 'front' },
  { gender: 'male', age: '20s', build: 'athletic', skin: 'medium', pose: 'threeQuarter' },
  { gender: 'female', age: '30s', build: 'average', skin: 'olive', pose: 'walking' },
  { gender: 'male', age: '30s', build: 'slim', skin: 'deep', pose: 'front' },
  { gender: 'female', age: '40s', build: 'plus', skin: 'brown', pose: 'handsOnHips' },
  { gender: 'male', age: '40s', build: 'average', skin: 'light', pose: 'walking' },
  { gender: 'female', age: '50s', build: 'average', skin: 'deep', pose: 'threeQuarter' },
  { gender: 'male', age: '50s', build: 'plus', skin: 'olive', pose: 'seated' },
  { gender: 'female', age: '20s', build: 'athletic', skin: 'brown', pose: 'seated' },
  { gender: 'male', age: '20s', build: 'plus', skin: 'light', pose: 'handsOnHips' },
  { gender: 'female', age: '30s', build: 'plus', skin: 'medium', pose: 'front' },
  { gender: 'male', age: '40s', build: 'athletic', skin: 'deep', pose: 'threeQuarter' },
];

const PROMPT = {
  gender: { female: 'woman', male: 'man' },
  age: { '20s': 'in her twenties', '30s': 'in her thirties', '40s': 'in her forties', '50s': 'in her fifties' },
  build: { slim: 'a slim', average: 'an average', athletic: 'an athletic', plus: 'a plus-size' },
  skin: { light: 'light', medium: 'medium', olive: 'olive', brown: 'brown', deep: 'deep dark' },
  pose: {
    front: 'standing straight facing the camera, arms relaxed',
    threeQuarter: 'standing in a three-quarter turn towards the camera',
    walking: 'walking towards the camera mid-stride',
    handsOnHips: 'standing facing the camera with hands on hips',
    seated: 'seated on a plain white stool facing the camera',
  },
} as const;

/**
 * The description the provider makes the figure from (English, as FASHN's prompts are): one real-looking
 * person in plain fitted clothes on a neutral backdrop, so the model tools can dress them.
 */
export function figurePrompt(spec: FigureSpec): string {
  const age = spec.gender === 'male' ? PROMPT.age[spec.age].replace('her', 'his') : PROMPT.age[spec.age];
  return [
    `Full-body studio fashion photo of a ${PROMPT.gender[spec.gender]} ${age} with ${PROMPT.build[spec.build]} build and ${PROMPT.skin[spec.skin]} skin,`,
    `${PROMPT.pose[spec.pose]}.`,
    'Plain fitted white t-shirt, light-blue straight jeans and white sneakers; neutral light-grey seamless backdrop;',
    'soft even studio light; natural expression; realistic photo, whole body in frame.',
  ].join(' ');
}

/** The figure's name, look and tags in the build's language (the library's filter lists the tags). */
export function figureLabels(spec: FigureSpec, lang: Language) {
  const t = (key: string) => translate(lang, `modelLibrary:starter.${key}`);
  const words = {
    gender: t(`gender.${spec.gender}`),
    age: t(`age.${spec.age}`),
    build: t(`build.${spec.build}`),
    skin: t(`skin.${spec.skin}`),
    pose: t(`pose.${spec.pose}`),
  };
  return {
    name: translate(lang, 'modelLibrary:starter.name', words).slice(0, 40),
    look: translate(lang, 'modelLibrary:starter.look', words).slice(0, 200),
    tags: [words.gender, words.age, words.build, words.skin, words.pose, t('tag')].map((tag) => tag.slice(0, 20)),
  };
}

type BuildRow = Selectable<Database['library_builds']>;

export interface BuildView {
  buildId: string;
  status: BuildRow['status'];
  total: number;
  made: number;
  failed: number;
  provider: string;
  model: string;
  cost: number;
  currency: string;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
}

const toView = (row: BuildRow): BuildView => ({
  buildId: row.id,
  status: row.status,
  total: Number(row.total),
  made: Number(row.made),
  failed: Number(row.failed),
  provider: row.provider,
  model: row.model,
  cost: Number(row.cost),
  currency: row.currency,
  error: row.error,
  createdAt: Number(row.created_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
});

/** A build still `running` with no progress for this long lost its process (a restart): it is closed as failed. */
const STALE_MS = 15 * 60_000;
/** This many failures in a row end a build (a refused key would fail every figure, and might still cost). */
const FAILURES_IN_A_ROW = 3;

/** Only the platform's operators publish public models. */
async function requirePublisher(ctx: AppContext, caller: Caller) {
  if (!(await operates(ctx, caller, null))) throw new AppError('forbidden');
}

/** Closes a build whose process died while it ran, so a new one may start. */
async function closeStale(ctx: AppContext, now = Date.now()) {
  await ctx.db
    .updateTable('library_builds')
    .set({ status: 'failed', error: 'interrupted: the server restarted while it ran', finished_at: now, updated_at: now })
    .where('status', '=', 'running')
    .where('updated_at', '<', now - STALE_MS)
    .execute();
}

/** What the console shows: the set, the keys that enable it, whether one is set, and the latest build. */
export async function starterStatus(ctx: AppContext, caller: Caller) {
  await requirePublisher(ctx, caller);
  await closeStale(ctx);
  const maker = figureMaker(ctx.config);
  const latest = await ctx.db.selectFrom('library_builds').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return {
    figures: STARTER_FIGURES.map((spec) => ({ ...spec })),
    keys: [...FIGURE_KEYS],
    ready: maker !== null,
    provider: maker ? `${maker.provider}/${maker.model}` : null,
    latest: latest ? toView(latest) : null,
  };
}

/**
 * Starts a build of the first `count` figures of the set, in `lang`. Refused before anything is
 * written or any provider is called: not a platform operator (403), no key that makes figures
 * (modelLibraryNeedsKey, naming the keys), a build already running (modelLibraryBuildRunning).
 * Answers the build as it starts; `done` settles when it has ended (tests, the process's close).
 */
export async function startStarterBuild(
  ctx: AppContext,
  caller: Caller,
  options: { count: number; lang: Language },
): Promise<{ build: BuildView; done: Promise<void> }> {
  await requirePublisher(ctx, caller);
  const maker = figureMaker(ctx.config);
  if (!maker) throw new AppError('modelLibraryNeedsKey', { keys: FIGURE_KEYS.join(' / ') });
  await closeStale(ctx);
  const now = Date.now();
  const row: BuildRow = {
    id: crypto.randomUUID(),
    status: 'running',
    lang: options.lang,
    total: Math.max(1, Math.min(STARTER_FIGURES.length, options.count)),
    made: 0,
    failed: 0,
    provider: maker.provider,
    model: maker.model,
    cost: 0,
    currency: '',
    error: null,
    created_by: caller.id,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  // One build at a time, whichever process asks: a second running row breaks a partial unique index.
  try {
    await ctx.db.insertInto('library_builds').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('modelLibraryBuildRunning');
    throw err;
  }
  const controller = new AbortController();
  const done = runBuild(ctx, caller, row, maker, controller.signal);
  ctx.onClose(async () => {
    controller.abort();
    await done;
  });
  return { build: toView(row), done };
}

/** Makes the build's figures one by one, publishing each as it arrives; never throws. */
async function runBuild(ctx: AppContext, caller: Caller, build: BuildRow, maker: FigureMaker, signal: AbortSignal) {
  const lang = build.lang as Language;
  const date = new Date(build.created_at).toISOString().slice(0, 10);
  const licence = translate(lang, 'modelLibrary:starter.licence', { generator: `${maker.provider}/${maker.model}`, date });
  const consent = translate(lang, 'modelLibrary:starter.consent');
  let inARow = 0;
  let made = 0;
  let failed = 0;
  let cost = 0;
  let currency = '';
  let error: string | null = null;
  for (const spec of STARTER_FIGURES.slice(0, build.total)) {
    if (signal.aborted || inARow >= FAILURES_IN_A_ROW) break;
    try {
      const figure = await maker.make(figurePrompt(spec), signal);
      const type = await sniffImage(figure.picture.buffer);
      if (!type) throw new Error('the provider answered something that is not a picture');
      const url = await saveUpload(ctx, caller, figure.picture.buffer, type);
      const now = Date.now();
      const labels = figureLabels(spec, lang);
      await ctx.db
        .insertInto('library_models')
        .values({
          id: crypto.randomUUID(),
          // Public: every tenant's library.
          tenant_id: null,
          owner_id: null,
          name: labels.name,
          look: labels.look,
          tags: JSON.stringify(labels.tags),
          picture_key: ctx.storage.keyFromUrl(url) as string,
          licence,
          consent,
          generated_by: `${figure.provider}/${figure.model}`,
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      made++;
      inARow = 0;
      cost += figure.cost ?? 0;
      currency = figure.currency;
    } catch (err) {
      if (signal.aborted) break;
      failed++;
      inARow++;
      const key = err instanceof ProviderError ? err.providerKey : 'imageEngineFailed';
      error = `${key}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300);
    }
    await ctx.db
      .updateTable('library_builds')
      .set({ made, failed, cost, currency, error, updated_at: Date.now() })
      .where('id', '=', build.id)
      .execute()
      .catch(() => undefined);
  }
  const now = Date.now();
  const stopped = signal.aborted ? 'stopped: the server closed while it ran' : null;
  await ctx.db
    .updateTable('library_builds')
    .set({
      status: made > 0 ? 'done' : 'failed',
      made,
      failed,
      cost,
      currency,
      error: stopped ?? error,
      updated_at: now,
      finished_at: now,
    })
    .where('id', '=', build.id)
    .execute()
    .catch(() => undefined);
}
