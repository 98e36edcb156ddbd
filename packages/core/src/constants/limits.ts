/** Shell and form limits (spec 000 §5, §9). */
export const PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CODE_PATTERN = /^\d{6}$/;
export const CODE_LENGTH = 6;
/** Seconds before a verification code can be sent again. */
export const RESEND_COUNTDOWN_SECONDS = 60;
/** Seconds a verification code stays valid. */
export const CODE_TTL_SECONDS = 300;
/** Wrong tries after which a code is invalidated. */
export const CODE_MAX_ATTEMPTS = 5;
/** Seconds a captcha answer stays valid, and a verified captcha stays usable for one code send. */
export const CAPTCHA_TTL_SECONDS = 300;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;

export const FEEDBACK_IMAGE_MAX_BYTES = 20971520;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const INBOX_PAGE_SIZE = 100;
/** POST /api/upload: one image, checked by content (API.md; spec 000 §9). */
export const UPLOAD_MAX_BYTES = 20971520;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_CONTENT_MAX = 2000;
export const USER_NAME_MAX = 30;
export const UNREAD_BADGE_CAP = 99;
export const LEAD_FIELD_MAX = 30;
export const LEAD_DESCRIPTION_MAX = 100;

export const HEADER_OPAQUE_SCROLL_PX = 640;
export const BACK_TO_TOP_SCROLL_PX = 936;
export const SCROLL_THROTTLE_MS = 200;
export const MODAL_WIDTH = { inbox: 850, reminder: 440, default: 500, confirm: 332 } as const;
/** Toasts (spec 000 §9): one at a time, shown 3 s, animating in and out in 0.5 s (web shell.css). */
export const TOAST = { maxCount: 1, durationMs: 3000, animationMs: 500 } as const;
export const LEAD_MODAL_FADE_MS = { in: 30, out: 100 } as const;
export const PRIMARY_COLOR = '#2352d8';
/** Base path of the web app. */
export const BASE_PATH = '/productimage';
/** The login payload's client_id when the query names none (spec 000 §3: a product-image id). */
export const DEFAULT_CLIENT_ID = 'productimage';
/** Local storage keys (spec 000 §3). */
export const STORAGE_KEYS = {
  token: 'USER_TOKEN',
  language: 'language',
  membershipExpiration: 'MEMBERSHIP_EXPIRATION',
  persona: 'KOS_PERSONA',
  freeUserSubmit: 'AI-FREE-USER-SUBMIT',
  rewriteBatchId: 'REWRITE_TASK_BATCH_ID',
  recentColors: 'RECENT_BACKGROUND_COLORS',
} as const;
