import {
  type IdeaReportTaskParams,
  type IdeaReportTaskResult,
  MKT_IDEA_REPORT,
  MKT_IDEA_REPORT_DRAFT,
  REPORT_STAGE_PROGRESS,
  type SocialType,
} from '@productimage/core';
import { chatEngine } from '../../../engines/openai-chat/index.ts';
import type { Engine, EngineJob, EngineResult } from '../../../engines/types.ts';
import { checkAborted } from '../../../engines/types.ts';
import type { Config } from '../../../platform/config.ts';
import { riskText } from '../../compliance/service.ts';
import { writeAssociation, writeIdeas, writeSummary } from '../writer/steps.ts';
import type { BriefInput, IdeaDraft } from '../writer/types.ts';

/** Section headings of the streamed transcript (the task's text while the report is written). */
const HEADINGS = {
  zh: {
    summary: '【热点摘要】',
    image: '【线上图文创意】',
    video: '【线上视频创意】',
    offline: '【线下活动创意】',
    association: '【关联分析】',
    risk: '【风险提示】',
  },
  en: {
    summary: '[Summary]',
    image: '[Online image ideas]',
    video: '[Online video ideas]',
    offline: '[Offline ideas]',
    association: '[Association]',
    risk: '[Risks]',
  },
} as const;

/**
 * Merges the streams of steps that run at the same time into one readable transcript: the first
 * lane streams live, the others are held until every lane before them has finished, then flushed.
 */
function orderedLanes(count: number, emit: (text: string) => void) {
  const buffers: string[][] = Array.from({ length: count }, () => []);
  const done: boolean[] = Array.from({ length: count }, () => false);
  let head = 0;
  const advance = () => {
    while (head < count && done[head]) {
      head++;
      if (head < count) {
        const held = buffers[head]?.join('') ?? '';
        if (held) emit(held);
        buffers[head] = [];
      }
    }
  };
  return {
    write(lane: number, text: string) {
      if (lane === head) emit(text);
      else buffers[lane]?.push(text);
    },
    finish(lane: number) {
      done[lane] = true;
      advance();
    },
  };
}

const ideasText = (ideas: IdeaDraft[]) => ideas.map((i, n) => `${n + 1}. ${i.title}\n${i.content}`).join('\n\n');

/** Knowledge chunks the user picked go along with the product information, marked as reference. */
function productWithReferences(params: IdeaReportTaskParams): string {
  if (!params.references.length) return params.productInfo;
  const head =
    params.lang === 'en'
      ? 'Reference material from the knowledge base (use its facts, do not copy it):'
      : '参考资料（来自知识库，可引用其中事实，勿照抄）：';
  return `${params.productInfo}\n${head}\n${params.references.map((r, i) => `${i + 1}. ${r}`).join('\n')}`;
}

/**
 * Writes one idea report (a task of MKT_IDEA_REPORT or MKT_IDEA_REPORT_DRAFT): the stages of spec
 * 001 §4 in order, the creative types in parallel, progress at each stage's start
 * (REPORT_STAGE_PROGRESS, from which the report's stage is read) and a transcript streamed as the
 * task's text. Any failed step fails the task (the platform refunds it); a stop aborts the model.
 */
export async function runIdeaReport(job: EngineJob, config: Config | null): Promise<EngineResult> {
  const params = job.params as IdeaReportTaskParams;
  const engine = config ? chatEngine(config) : null;
  if (config && !engine) throw new Error('the chat model is not configured');
  const h = HEADINGS[params.lang];
  const brief: BriefInput = {
    lang: params.lang,
    topic: params.topic,
    topicDesc: params.topicDesc,
    productInfo: productWithReferences(params),
    marketDesc: params.marketDesc,
    mktType: params.mktType,
    ideaStyle: params.ideaStyle,
  };
  let transcript = '';
  const emit = (text: string) => {
    if (!text) return;
    transcript += text;
    job.delta?.(text);
  };
  let tokens = 0;
  const options = (onDelta?: (text: string) => void) => ({
    engine,
    signal: job.signal,
    onDelta,
    onTokens: (n: number) => {
      tokens += n;
    },
  });

  job.progress(REPORT_STAGE_PROGRESS.summary);
  emit(`${h.summary}\n`);
  const summary = await writeSummary(brief, options(engine ? emit : undefined));
  if (!engine) emit(summary);
  checkAborted(job.signal);

  job.progress(REPORT_STAGE_PROGRESS.advice);
  const types: SocialType[] = [...new Set(params.socialType)];
  const lanes = orderedLanes(types.length, emit);
  // The ideas come as JSON from the model: each type's section is written out once it is parsed.
  const results = await Promise.all(
    types.map(async (type, lane) => {
      const ideas = await writeIdeas(type, brief, summary, options());
      lanes.write(lane, `\n\n${h[type]}\n${ideasText(ideas)}`);
      lanes.finish(lane);
      return ideas.map((i) => ({ socialType: type, title: i.title, content: i.content }));
    }),
  );
  checkAborted(job.signal);

  job.progress(REPORT_STAGE_PROGRESS.association);
  emit(`\n\n${h.association}\n`);
  const association = await writeAssociation(brief, summary, options(engine ? emit : undefined));
  if (!engine) emit(association);
  checkAborted(job.signal);

  job.progress(REPORT_STAGE_PROGRESS.risk);
  emit(`\n\n${h.risk}\n`);
  // The risk stage is the compliance engine's verdict on what the report says (issue 46).
  const ideas = results.flat();
  const risk = riskText([summary, ...ideas.map((i) => `${i.title}\n${i.content}`), association], params.lang);
  emit(risk);
  job.progress(99);

  const data: IdeaReportTaskResult = { summary, ideas, association, risk, tokens };
  return { text: transcript, data };
}

/** The chat model's report engine (paid type), registered in engine-catalogue.ts. */
export function createIdeaReportChatEngine(config: Config): Engine {
  return { name: 'openai-chat-ideas', bizTypes: [MKT_IDEA_REPORT], run: (job) => runIdeaReport(job, config) };
}

/** The offline writer's report engine (free draft type, labelled), registered in engine-catalogue.ts. */
export function createIdeaReportDraftEngine(): Engine {
  return { name: 'offline-writer-ideas', bizTypes: [MKT_IDEA_REPORT_DRAFT], run: (job) => runIdeaReport(job, null) };
}
