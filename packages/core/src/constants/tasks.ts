/** Image and video business types (spec 001 §3). */
export const BIZ_TYPES = [
  'MANNEQUIN_IMAGE',
  'MODEL_IMAGE_NEW',
  'WIG_IMAGE',
  'SHOES_IMAGE',
  'PRODUCT_IMAGE',
  'PRODUCT_REPLACE_IMAGE',
  'MATTING_IMAGE',
  'CUSTOMIZED_MODEL',
  'PET_IMAGE_CUSTOMIZED',
  'QR_CODE_ART',
  'IMG_2_VEDIO',
  'TRY_ON',
] as const;
/** The image and video types; `BizType` (every registered type, text ones too) is in tasks/bizTypeNames.ts. */
export type ImageBizType = (typeof BIZ_TYPES)[number];

/**
 * Points per task (spec 001 §9). Custom models, animals and QR art cost 0.
 * Types the spec gives no cost for use DEFAULT_IMAGE_COST per output image.
 */
export const TASK_COSTS: Partial<Record<ImageBizType, number>> = {
  MATTING_IMAGE: 5,
  IMG_2_VEDIO: 80,
  TRY_ON: 20,
  CUSTOMIZED_MODEL: 0,
  PET_IMAGE_CUSTOMIZED: 0,
  QR_CODE_ART: 0,
};
export const DEFAULT_IMAGE_COST = 10;

export const TASK_STATUSES = ['pending', 'generating', 'completed', 'failed', 'stopped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Generation background colours (spec 001 §9). */
export const BACKGROUND_COLORS = ['#FFFFFF', '#FFFDF0', '#F2F3F5', '#A4ABBC', '#373737', '#D3DCF7', '#DEC5A4'] as const;

export const RATIOS = ['original', '1:1', '3:4', '16:9', '9:16'] as const;
export type Ratio = (typeof RATIOS)[number];
/** Output sizes per ratio (spec 001 §9: "other size pairs map to these"). */
export const RATIO_SIZES: Record<Exclude<Ratio, 'original'>, [number, number]> = {
  '1:1': [1024, 1024],
  '3:4': [768, 1024],
  '16:9': [1792, 1024],
  '9:16': [1024, 1792],
};
export const IMAGE_SIZE_CAP_DEFAULT = 1024;
export const IMAGE_SIZE_CAP_MAX = 2000;

export const GEN_MODES = ['ACCURATE_REPLICATION', 'STYLE_IMITATION'] as const;
export const QR_SHAPES = ['CIRCLE', 'SQUARE', 'LONG_CIRCLE', 'LONG_SQUARE'] as const;
export const QR_DEFAULTS = { scene: '1', topN: 4, strength: 33 } as const;
export const DENOISING_STRENGTH_DEFAULT = 0.55;
export const ERODE_SIZE_DEFAULT = 3;
/**
 * Reference backgrounds the server renders (docs/engines.md): the spec's four examples, then six
 * studio surfaces (studio sweep, marble, wood, linen, concrete, window light).
 */
export const REFERENCE_BACKGROUNDS = [
  'stone',
  'mountain',
  'flower',
  'desert',
  'studio',
  'marble',
  'wood',
  'linen',
  'concrete',
  'window',
] as const;

/** Image-to-video constants (spec 001 §3, §9). */
export const VIDEO = {
  durationSeconds: 2.5,
  /** The spec's "fps" levels: the motion's pace (how far the camera goes), not the file's frame rate. */
  fps: { high: 9, medium: 8, low: 7 },
  /** The files' real frame rate: MP4 at 24, GIF at 25 (its frame delays are whole centiseconds). */
  playbackFps: { mp4: 24, gif: 25 },
  motion: { high: 80, medium: 60, low: 40 },
  formats: ['mp4', 'gif'],
  resolutions: ['720p', '480p'],
  lenControls: ['L', 'R', 'U', 'D', 'CW', 'ACW', 'I', 'O'],
  defaults: { type: '1', genNum: 1, enableSeed: true, motionDistance: 3, lenControl: 'L' },
} as const;

/** Upload rules for generation inputs (spec 001 §5). */
export const TASK_UPLOAD = {
  minBytes: 500 * 1024,
  maxBytes: 10 * 1024 * 1024,
  minAspect: 0.5,
  maxAspect: 2,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
  /** Shortest side in pixels (`image resolution cannot be less than N*N`). */
  minSide: 512,
} as const;

export const DOWNLOAD_DEFINITIONS = ['1080P', '2K'] as const;
/** Client progress bars run to 99 % over this many seconds while the server works. */
export const FAKE_PROGRESS_SECONDS = { image: 60, video: 90 } as const;
export const POLL_INTERVAL_MS = 5000;
/**
 * Spec 001 §4: "Task-change wait: 3 seconds". After a run is submitted the generate button stays
 * locked this long (the run's task ids replace the previous ones), so a double click never
 * submits, and charges, twice.
 */
export const TASK_CHANGE_WAIT_MS = 3000;
/**
 * Spec 001 §4 "Loading timers": an upload or a generation request that has not answered after
 * 30 s, or a report (Word) export after 60 s, is given up and the user told (common:timeout).
 */
export const LOADING_TIMEOUT_MS = { upload: 30_000, generation: 30_000, reportExport: 60_000 } as const;
/**
 * The cutout's region choices (POST /api/upload/regions) are a segmentation's worth of engine work,
 * not a generation request: on a busy machine they took over a minute. The page waits this long
 * (the server gives up at the same time) while the user can already cut without them.
 */
export const REGIONS_TIMEOUT_MS = 300_000;
/**
 * Spec 001 §9 "download progress window 26 seconds (3 for normal variant)": the download window's
 * bar runs to 99 % over 26 s for the 2K picture (resampled on the server) and 3 s for the standard
 * 1080P one, unless the bytes received say more.
 */
export const DOWNLOAD_PROGRESS_SECONDS = { '2K': 26, '1080P': 3 } as const;
/** Undo history: the spec gives 21 and 20; we keep the last 20 records per page. */
export const UNDO_HISTORY_LIMIT = 20;
/** What a low rating of a generated result can say went wrong (keys of the `tasks` namespace). */
export const RATING_REASONS = ['subject', 'edges', 'background', 'colour', 'quality', 'expectation'] as const;
export type RatingReason = (typeof RATING_REASONS)[number];
export const RATING_SCORE_MAX = 5;
export const RATING_COMMENT_MAX = 200;
