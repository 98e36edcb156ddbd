import {
  type ContentTaskParams,
  type IdeaPictureParams,
  MKT_CONTENT,
  MKT_CONTENT_DRAFT,
  MKT_IDEA_PICTURE,
} from '@productimage/core';
import { OFFLINE_WRITER } from '../../../engines/offline-writer/composer.ts';
import { chatEngine } from '../../../engines/openai-chat/index.ts';
import { checkAborted, type Engine, type EngineJob, type EngineOutput } from '../../../engines/types.ts';
import type { Config } from '../../../platform/config.ts';
import { ideaPicture, posterPng } from '../ideas/poster-engine.ts';
import { writeContent } from '../writer/steps.ts';

/**
 * The text engines as engines of the task platform (engines/registry.ts), so content results are
 * charged, queued, streamed, stopped with one refund and kept in history like every other task.
 * Both answer the post as text (title, blank line, body) and as data `{ title, content }`, and, for
 * image-and-text and video posts, a picture: the post's title and text laid out by the local poster
 * renderer (the task's output file, part of the result and its price; pure text posts get none).
 * When the user gave a product picture (the task's one optional input), the picture shows the
 * product cut out beside the text: drawn by the idea picture engine in the engine pool (`pictures`),
 * since the cutout is CPU work that must not hold the event loop.
 */
async function runContent(
  job: EngineJob,
  config: Config | null,
  pictures?: Engine<EngineOutput[]>,
): Promise<{
  text: string;
  data: { title: string; content: string; tokens: number };
  files: EngineOutput[];
}> {
  const params = job.params as ContentTaskParams;
  const engine = config ? chatEngine(config) : null;
  let tokens = 0;
  const draft = await writeContent(
    { ...params, persona: withAvoided(params), productInfo: withReferences(params), lang: params.lang },
    {
      engine,
      signal: job.signal,
      // The model's raw answer streams; a repair restart cannot take back what was sent, so it is only noted.
      onDelta: (text) => {
        if (text) job.delta?.(text);
      },
      onTokens: (n) => {
        tokens += n;
      },
    },
  );
  job.progress(90);
  checkAborted(job.signal);
  const picture: IdeaPictureParams = {
    title: draft.title || params.platform,
    content: [...draft.content].slice(0, 300).join(''),
  };
  const files: EngineOutput[] =
    params.socialMediaType === 'text'
      ? []
      : [{ buffer: await drawPicture(job, picture, pictures), contentType: 'image/png', type: 'image', ext: 'png' }];
  job.progress(99);
  const text = `${draft.title}\n\n${draft.content}`;
  // The persona's taboo words and the rest of the rules are checked on what the view shows (compliance).
  return { text, data: { ...draft, tokens }, files };
}

/**
 * "Rewrite safely" (issue 46): the phrases the compliance engine flagged, named to the writer with
 * the persona's lines so the new version says the same thing in lawful words.
 */
function withAvoided(params: ContentTaskParams): string | undefined {
  if (!params.avoid?.length) return params.persona;
  const list = params.avoid.map((w) => `"${w}"`).join(', ');
  const line =
    params.lang === 'en'
      ? `Rewrite safely: the last version broke advertising law or the platform's rules with ${list}. Do not use these phrases or any variant of them (no superlatives, no medical or efficacy claims, no price or urgency claims, no contact details or links); say it in plain, provable words.`
      : `安全改写：上一版含有违反广告法或平台规则的表述：${list}。不得使用这些词及其变体（不用绝对化用语、医疗功效、价格和紧迫感承诺、联系方式和链接），用平实、可证实的话表达。`;
  return params.persona ? `${params.persona}\n${line}` : line;
}

/** The post's picture: text only, or with the product cut out (pooled engine when there is one). */
async function drawPicture(job: EngineJob, picture: IdeaPictureParams, pictures?: Engine<EngineOutput[]>): Promise<Buffer> {
  const product = job.inputs[0];
  if (!product) return posterPng(picture);
  if (!pictures) return ideaPicture(picture, product.buffer, job.signal);
  const [file] = await pictures.run({
    taskId: job.taskId,
    bizType: MKT_IDEA_PICTURE,
    params: picture,
    inputs: [product],
    signal: job.signal,
    progress: () => undefined,
  });
  if (!file) throw new Error('the picture engine drew nothing');
  return file.buffer;
}

/** Knowledge chunks the user picked go along with the product information, marked as reference. */
function withReferences(params: ContentTaskParams): string {
  const references = params.references ?? [];
  if (!references.length) return params.productInfo;
  const head =
    params.lang === 'en'
      ? 'Reference material from the knowledge base (use its facts, do not copy it):'
      : '参考资料（来自知识库，可引用其中事实，勿照抄）：';
  return `${params.productInfo}\n${head}\n${references.map((r, i) => `${i + 1}. ${r}`).join('\n')}`;
}

/** `pictures`: the idea picture engine (pooled) that draws a post's picture with the user's product. */
export function createChatTaskEngine(config: Config, pictures?: Engine<EngineOutput[]>): Engine {
  return { name: 'openai-chat', bizTypes: [MKT_CONTENT], run: (job) => runContent(job, config, pictures) };
}

export function createOfflineWriterTaskEngine(pictures?: Engine<EngineOutput[]>): Engine {
  return { name: OFFLINE_WRITER, bizTypes: [MKT_CONTENT_DRAFT], run: (job) => runContent(job, null, pictures) };
}
