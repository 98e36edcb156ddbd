import { describe, expect, it } from 'vitest';
import { applyPage, emptyPaged, noMoreData, refreshRequest } from './pagedList.ts';

describe('paged lists (spec 001 §4)', () => {
  it('page 1 resets, later pages append', () => {
    const first = applyPage(emptyPaged<number>(), 1, { list: [1, 2], total: 5 });
    const second = applyPage(first, 2, { list: [3, 4], total: 5 });
    expect(second).toEqual({ list: [1, 2, 3, 4], total: 5, pageNum: 2 });
    expect(applyPage(second, 1, { list: [9], total: 1 })).toEqual({ list: [9], total: 1, pageNum: 1 });
  });

  it('a refresh asks for pageNum x pageSize in one request', () => {
    expect(refreshRequest(3, 10)).toEqual({ pageNum: 1, pageSize: 30 });
    expect(refreshRequest(0, 10)).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('has no more data once total <= pageNum x pageSize', () => {
    expect(noMoreData(23, 2, 10)).toBe(false);
    expect(noMoreData(23, 3, 10)).toBe(true);
    expect(noMoreData(20, 2, 10)).toBe(true);
    expect(noMoreData(0, 1, 10)).toBe(true);
  });
});
