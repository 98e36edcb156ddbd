/**
 * Limits of the sandbox for untrusted content (issue 26; docs/security.md "Untrusted files and
 * media" lists each with what it protects). Every parser of a user's file runs in a sandbox
 * process or an ffmpeg child under these limits, and the cheap checks (zip central directory, CSV size and
 * rows, PDF page count, video header) refuse a file before any expensive work starts.
 */
const MB = 1024 * 1024;

export const SANDBOX_LIMITS = {
  /** Wall time of one parse in its sandbox process; the process is killed when it runs over. */
  PARSE_TIMEOUT_MS: 20_000,
  /** V8 heap of a parse process (--max-old-space-size): a bomb dies alone, not the API. */
  PARSE_MAX_HEAP_MB: 512,
  /**
   * Address space a parse process may add to what it reserved at start (RLIMIT_AS = its size at start
   * + this, set with `prlimit`): everything counts, the V8 heap, the buffers outside it (pdf.js
   * inflating streams), the parser's code (pdf.js reserves about 350 MB, most never touched). Issue 42.
   */
  PARSE_MAX_MEMORY_MB: 1024,
  /** A parse process holding more than this (resident) after a parse is replaced: its memory goes back. */
  PARSE_RECYCLE_RSS_MB: 256,
  /** Parse processes running at once in one API process; more jobs wait their turn. */
  PARSE_MAX_WORKERS: 2,
  /** Parse jobs waiting for a worker; beyond this a new file is refused (`fileBusy`) instead of queued. */
  PARSE_MAX_QUEUED: 16,

  /** Sum of the declared unpacked sizes of a zip (docx, xlsx) before anything is unpacked. */
  ZIP_MAX_UNPACKED_BYTES: 100 * MB,
  /** Entries in a zip. */
  ZIP_MAX_ENTRIES: 5_000,
  /** Unpacked / packed size of one entry (entries over 1 MB unpacked): zip bombs compress 1000:1 and more. */
  ZIP_MAX_RATIO: 200,
  /** Declared unpacked size of the worksheets of an xlsx (a huge sheet is refused before exceljs reads it). */
  XLSX_MAX_SHEET_BYTES: 40 * MB,
  /** Rows read from a spreadsheet or CSV; more is refused. */
  TABLE_MAX_ROWS: 50_000,

  /** Bytes of a CSV file (the 20 MB knowledge cap is for packed formats). */
  CSV_MAX_BYTES: 8 * MB,

  /** Pages of a PDF (the page tree's /Count and the page objects, read before pdf.js parses it). */
  PDF_MAX_PAGES: 500,
  /**
   * Bytes all the Flate streams of a PDF inflate to, counted before pdf.js reads it with a budget
   * that stops inflating when it is spent (a 4.2 MB PDF held a stream of 4 GB; issue 42).
   */
  PDF_MAX_INFLATED_BYTES: 256 * MB,

  /** Pixels of one image (width x height from the header). */
  IMAGE_MAX_PIXELS: 40_000_000,

  /** Pixels of one video frame (a 4K frame: 3840 x 2160). */
  VIDEO_MAX_PIXELS: 3840 * 2160,
  /** Frames of a video (duration x frame rate from the header). */
  VIDEO_MAX_FRAMES: 30 * 300,
  /** Pixels x frames of a video, the decode cost: about 2.5 minutes of 1080p at 30 fps. */
  VIDEO_MAX_PIXEL_FRAMES: 1920 * 1080 * 30 * 150,

  /** ffmpeg processes running at once in one process; more wait their turn. */
  FFMPEG_MAX_CONCURRENT: 2,
  /** ffmpeg runs waiting for a slot; beyond this a new one is refused (`fileBusy`). */
  FFMPEG_MAX_QUEUED: 16,
  /** A user's ffmpeg runs waiting for their own run to end (one at a time per user); beyond, `fileBusy`. */
  FFMPEG_USER_MAX_QUEUED: 2,
  /** CPU seconds one ffmpeg run may use (RLIMIT_CPU); the kernel stops it after that. */
  FFMPEG_CPU_SECONDS: 120,
  /** Wall time of one ffmpeg run before it is killed. */
  FFMPEG_WALL_MS: 180_000,
  /** Wall time of a header probe (`ffmpeg -i`, no decode). */
  FFMPEG_PROBE_MS: 10_000,

  /** Per-user quotas on expensive work: [runs, window seconds] (http/rate-limit.ts). */
  QUOTA_FILES_PARSED: [30, 600] as const,
  QUOTA_VIDEOS_READ: [10, 600] as const,
  QUOTA_POSTERS_RENDERED: [60, 600] as const,
} as const;

export type SandboxLimit = keyof typeof SANDBOX_LIMITS;

/**
 * sharp's input options wherever the server decodes a user's picture: `sharp(data, USER_IMAGE_INPUT)`
 * (sharp refuses more than IMAGE_MAX_PIXELS; uploads are refused from their header first: image.ts).
 */
export const USER_IMAGE_INPUT = { limitInputPixels: SANDBOX_LIMITS.IMAGE_MAX_PIXELS } as const;
