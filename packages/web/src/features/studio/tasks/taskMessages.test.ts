import { ApiError, CLIENT_ERROR, createI18n, ERRORS } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { describeError } from './taskErrors.ts';
import { failureMessage, takeFreeSubmitTip } from './taskMessages.ts';

const en = createI18n('en').t;
const zh = createI18n('zh').t;

describe('task messages', () => {
  it('says a stopped task had its coins returned, in both languages', () => {
    expect(failureMessage({ status: 'stopped', error: null }, en).title).toBe('Generation stopped, coins returned');
    expect(failureMessage({ status: 'stopped', error: null }, zh).title).toBe('停止生成，灵石已返还');
  });

  it('says a failed task failed with its coins refunded, with the server reason as detail', () => {
    const failed = failureMessage({ status: 'failed', error: 'No generation engine is configured for this tool yet' }, en);
    expect(failed.title).toMatch(/^Image Generation Failed/);
    expect(failed.detail).toBe('No generation engine is configured for this tool yet');
    expect(failureMessage({ status: 'failed', error: null }, en).detail).toBeNull();
  });

  it('never mentions coins for a free tool (QR art costs 0)', () => {
    for (const t of [en, zh]) {
      const failed = failureMessage({ status: 'failed', error: null, cost: 0 }, t).title;
      const stopped = failureMessage({ status: 'stopped', error: null, cost: 0 }, t).title;
      expect(`${failed} ${stopped}`).not.toMatch(/coin|refund|灵石|返还/i);
    }
    expect(failureMessage({ status: 'failed', error: null, cost: 0 }, en).title).toBe('Generation failed, please try again');
    expect(failureMessage({ status: 'failed', error: null, cost: 5 }, en).title).toMatch(/coins refunded/);
  });

  it('keeps the server message of a refusal and marks engine and login problems', () => {
    const engine = new ApiError(ERRORS.engineNotConfigured.code, '生成引擎未配置', 503);
    expect(describeError(engine, zh)).toEqual({ kind: 'engine', message: '生成引擎未配置' });
    expect(describeError(new ApiError(1001, '', 401), en).kind).toBe('login');
    expect(describeError(new ApiError(CLIENT_ERROR.network, 'TypeError', 0), en).message).toBe(
      'Network error, please try again later',
    );
    expect(describeError(new ApiError(ERRORS.hdNeedsMembership.code, '', 403), en).message).toBe(
      '2K download requires membership',
    );
  });
});

describe('the free tier tip after a submission (AI-FREE-USER-SUBMIT)', () => {
  it('shows once a day, remembered under the spec key', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const morning = new Date(2026, 10, 26, 9).getTime();
    expect(takeFreeSubmitTip(storage, morning)).toBe(true);
    expect(store.get('AI-FREE-USER-SUBMIT')).toBe('2026/11/26');
    expect(takeFreeSubmitTip(storage, morning + 3600_000)).toBe(false);
    expect(takeFreeSubmitTip(storage, new Date(2026, 10, 27, 9).getTime())).toBe(true);
  });
});
