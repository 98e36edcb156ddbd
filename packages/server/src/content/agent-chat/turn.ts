import crypto from 'node:crypto';
import { AGENT_ANSWER_COST, AGENT_HISTORY_MESSAGES, type Language } from '@productimage/core';
import { chargeIn, refundIn } from '../../commerce/points/ledger.ts';
import { type ChatEngine, ChatEngineError, type ChatMessage } from '../../engines/openai-chat/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findMessage, historyFor, type MessageView, type Owner, type ToolCallView } from './conversations.ts';
import { planTools, runTool, toolContext } from './tools.ts';

/**
 * One question and its streamed answer. The answer is charged (ref agent_message:<id>) in the same
 * transaction that records the question; a failure or a stop marks the answer and refunds it in one
 * transaction, at most once (the ledger is idempotent per ref). A stop may reach another process:
 * the stop route marks the answer `stopped` in the database and the running process notices it
 * within STOP_POLL_MS (or at once when the stop reaches it directly).
 */
const STOP_POLL_MS = 1000;
const SAVE_EVERY_MS = 1000;
export const answerRef = (messageId: string) => ({ refType: 'agent_message', refId: messageId });

/** The answers being written in this process, by message id. */
const running = new Map<string, AbortController>();

class StoppedByUser extends Error {}

export interface TurnEvents {
  tool(view: ToolCallView & { status: 'running' | 'done'; index: number }): void;
  delta(text: string): void;
  restart(): void;
}

/** Records the question and the answer to come, and charges for it. */
export async function openTurn(ctx: AppContext, owner: Owner, conversationId: string, question: string) {
  const now = Date.now();
  const userMessageId = crypto.randomUUID();
  const answerId = crypto.randomUUID();
  await writeTransaction(ctx.db, async (trx) => {
    const busy = await trx
      .selectFrom('agent_messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('status', '=', 'streaming')
      .executeTakeFirst();
    if (busy) throw new AppError('agentChatBusy');
    const base = { conversation_id: conversationId, user_id: owner.id, tools: '[]', error: null };
    await trx
      .insertInto('agent_messages')
      .values([
        { ...base, id: userMessageId, role: 'user', content: question, status: 'done', cost: 0, created_at: now },
        {
          ...base,
          id: answerId,
          role: 'assistant',
          content: '',
          status: 'streaming',
          cost: AGENT_ANSWER_COST,
          created_at: now + 1,
        },
      ])
      .execute();
    await chargeIn(trx, { userId: owner.id, cost: AGENT_ANSWER_COST, ...answerRef(answerId), note: 'agent answer' });
    const conversation = await trx
      .selectFrom('agent_conversations')
      .select('title')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('agent_conversations')
      .set({
        updated_at: now,
        ...(conversation.title.trim() ? {} : { title: question.replace(/\s+/g, ' ').trim().slice(0, 30) }),
      })
      .where('id', '=', conversationId)
      .execute();
  });
  return { userMessageId, answerId };
}

/** Marks a streaming answer stopped and refunds it (one transaction); false when it had already ended. */
export async function stopAnswer(ctx: AppContext, answerId: string): Promise<boolean> {
  const stopped = await writeTransaction(ctx.db, async (trx) => {
    const res = await trx
      .updateTable('agent_messages')
      .set({ status: 'stopped' })
      .where('id', '=', answerId)
      .where('status', '=', 'streaming')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await refundIn(trx, { ...answerRef(answerId), note: 'agent answer stopped' });
    return true;
  });
  if (stopped) running.get(answerId)?.abort(new StoppedByUser('stopped'));
  return stopped;
}

/**
 * An answer still `streaming` after this long lost its process (a restart, a crash): no provider
 * keeps a stream open that long (LLM_TIMEOUT_MS is the limit between two chunks).
 */
export const ABANDONED_AFTER_MS = 15 * 60_000;

/** Marks the conversation's abandoned answers failed and refunds them, so it can go on. */
export async function expireAbandoned(ctx: AppContext, conversationId: string, now = Date.now()): Promise<void> {
  const stale = await ctx.db
    .selectFrom('agent_messages')
    .select(['id', 'content'])
    .where('conversation_id', '=', conversationId)
    .where('status', '=', 'streaming')
    .where('created_at', '<', now - ABANDONED_AFTER_MS)
    .execute();
  for (const row of stale) if (!running.has(row.id)) await failAnswer(ctx, row.id, row.content, 'llmStreamCut');
}

/** Marks a streaming answer failed with an error key and refunds it. */
async function failAnswer(ctx: AppContext, answerId: string, content: string, key: string): Promise<void> {
  await writeTransaction(ctx.db, async (trx) => {
    const res = await trx
      .updateTable('agent_messages')
      .set({ status: 'failed', error: key, content })
      .where('id', '=', answerId)
      .where('status', '=', 'streaming')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) await refundIn(trx, { ...answerRef(answerId), note: 'agent answer failed' });
  });
}

function systemPrompt(lang: Language): string {
  return [
    'You are the marketing agent of an AI marketing product for merchants and social-media marketers (Douyin, Xiaohongshu, Weibo, WeChat).',
    'You help plan campaigns, find angles on hot topics, and write titles, posts and video scripts for the user’s products.',
    'When look-up results are given, base your answer on them and say when they found nothing; never invent hot topics or product facts.',
    'Write in Markdown (headings, lists, bold) without HTML.',
    lang === 'zh'
      ? 'Answer in Simplified Chinese unless the user writes in another language.'
      : 'Answer in English unless the user writes in another language.',
  ].join('\n');
}

/**
 * Plans and runs the tools, then streams the answer; always ends with the answer stored as done,
 * stopped or failed. Events go to the open stream (if it is still open).
 */
export async function runTurn(
  ctx: AppContext,
  engine: ChatEngine,
  owner: Owner,
  conversationId: string,
  question: string,
  answerId: string,
  lang: Language,
  events: TurnEvents,
): Promise<MessageView> {
  const controller = new AbortController();
  running.set(answerId, controller);
  let text = '';
  let savedAt = Date.now();
  let saving: Promise<unknown> = Promise.resolve();
  // Another process may have stopped this answer: look now and then.
  const poll = setInterval(() => {
    void ctx.db
      .selectFrom('agent_messages')
      .select('status')
      .where('id', '=', answerId)
      .executeTakeFirst()
      .then((row) => {
        if (row?.status !== 'streaming') controller.abort(new StoppedByUser('stopped'));
      })
      .catch(() => {});
  }, STOP_POLL_MS);
  const save = (patch: { content?: string; tools?: string }) => {
    saving = saving.then(() =>
      ctx.db.updateTable('agent_messages').set(patch).where('id', '=', answerId).where('status', '=', 'streaming').execute(),
    );
    return saving;
  };
  try {
    const history: ChatMessage[] = (await historyFor(ctx, conversationId, answerId, AGENT_HISTORY_MESSAGES + 1)).map((m) => ({
      role: m.role as 'user' | 'assistant',
      content: m.content,
    }));
    // The question itself is the last stored user message; it is sent separately below.
    if (history.at(-1)?.role === 'user' && history.at(-1)?.content === question) history.pop();
    const plan = await planTools(engine, history, question, controller.signal);
    const calls: ToolCallView[] = [];
    for (const [index, call] of plan.entries()) {
      events.tool({ name: call.tool, args: call.args, ok: true, summary: '', items: [], status: 'running', index });
      const result = await runTool(ctx, owner, call.tool, call.args, lang);
      if (controller.signal.aborted) throw controller.signal.reason;
      calls.push(result);
      events.tool({ ...result, status: 'done', index });
      await save({ tools: JSON.stringify(calls) });
    }
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(lang) },
      ...history,
      ...(calls.length
        ? [{ role: 'system' as const, content: `Look-up results for the next question:\n${toolContext(calls)}` }]
        : []),
      { role: 'user', content: question },
    ];
    const result = await engine.chat({
      messages,
      signal: controller.signal,
      onDelta: (delta, restart) => {
        if (restart) {
          text = '';
          events.restart();
          return;
        }
        text += delta;
        events.delta(delta);
        if (Date.now() - savedAt > SAVE_EVERY_MS) {
          savedAt = Date.now();
          void save({ content: text });
        }
      },
    });
    await saving;
    await ctx.db
      .updateTable('agent_messages')
      .set({ status: 'done', content: result.text })
      .where('id', '=', answerId)
      .where('status', '=', 'streaming')
      .execute();
  } catch (err) {
    await saving.catch(() => {});
    if (err instanceof StoppedByUser || controller.signal.aborted) {
      // Stopped (and refunded) by stopAnswer: keep what was written.
      await ctx.db.updateTable('agent_messages').set({ content: text }).where('id', '=', answerId).execute();
    } else {
      const key = err instanceof ChatEngineError || err instanceof AppError ? err.key : 'llmUnavailable';
      if (!(err instanceof ChatEngineError || err instanceof AppError)) ctx.log.error({ err }, 'agent answer failed');
      await failAnswer(ctx, answerId, text, key);
    }
  } finally {
    clearInterval(poll);
    running.delete(answerId);
  }
  return findMessage(ctx, owner, answerId, lang);
}
