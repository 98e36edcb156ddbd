import type * as OpenAiModule from 'openai';
import sharp from 'sharp';
import type { Config } from '../../platform/config.ts';
import { requireOnUse } from '../../platform/require-on-use.ts';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';

/**
 * Reading pictures with a vision-capable chat model (LLM_VISION_MODEL on the chat API at
 * LLM_BASE_URL), through the official `openai` client: chat completions whose user message carries
 * `image_url` content parts with base64 data URLs, as the OpenAI vision documentation describes
 * (Qwen-VL, GLM-4V, Doubao vision and gpt-4o accept the same). Pictures are shrunk to 768 px on the
 * long side (JPEG) before they are sent. Without LLM_VISION_MODEL nothing is read: the rewrite tools
 * use the user's own description instead.
 */
export const visionConfigured = (config: Config) => !!(config.LLM_BASE_URL && config.LLM_VISION_MODEL);

const MAX_SIDE = 768;

async function dataUrl(picture: Buffer): Promise<string> {
  const jpeg = await sharp(picture, USER_IMAGE_INPUT)
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Asks the vision model about the pictures (in order); answers its text. */
export async function askAboutPictures(
  config: Config,
  pictures: Buffer[],
  question: string,
  signal?: AbortSignal,
): Promise<string> {
  if (!visionConfigured(config)) throw new Error('no vision model');
  // The client (about 300 modules) loads with the first question, not at start (platform/require-on-use.ts).
  const client = new (requireOnUse<typeof OpenAiModule>('openai').default)({
    baseURL: (config.LLM_BASE_URL ?? '').replace(/\/+$/, ''),
    apiKey: config.LLM_API_KEY || 'not-needed',
    maxRetries: config.LLM_MAX_RETRIES,
    timeout: config.LLM_TIMEOUT_MS,
  });
  const images = await Promise.all(pictures.map(dataUrl));
  const answer = await client.chat.completions.create(
    {
      model: config.LLM_VISION_MODEL ?? '',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: question },
            ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
          ],
        },
      ],
    },
    { signal },
  );
  return answer.choices[0]?.message.content?.trim() ?? '';
}

/** What the original picture shows and how it is laid out, in a few sentences. */
export function describePicture(config: Config, picture: Buffer, signal?: AbortSignal): Promise<string> {
  return askAboutPictures(
    config,
    [picture],
    'Describe this picture for a designer who will make a new picture in its spirit: subject, composition and layout, colours, light, mood, any text areas. At most 120 words.',
    signal,
  );
}

/** One line per keyframe (shot) of a video: what the picture shows. */
export async function describeKeyframes(config: Config, frames: Buffer[], signal?: AbortSignal): Promise<string[]> {
  const answer = await askAboutPictures(
    config,
    frames,
    `These are the first frames of the ${frames.length} shots of a short video, in order. For each shot write one line "N. <what the picture shows, at most 30 words>", nothing else.`,
    signal,
  );
  const lines = new Map<number, string>();
  for (const m of answer.matchAll(/^\s*(\d+)[.、:：)]\s*(.+)$/gm)) lines.set(Number(m[1]), (m[2] as string).trim());
  return frames.map((_, i) => lines.get(i + 1) ?? '');
}
