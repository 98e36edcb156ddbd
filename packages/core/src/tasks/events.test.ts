import { describe, expect, it } from 'vitest';
import { bizTypeDefinition, defineBizType, isBizType } from './bizTypes.ts';
import { applyTaskEvent, type TaskEventTarget } from './events.ts';
import { taskCost } from './params.ts';
import './imageTypes.ts';

const base: TaskEventTarget = { taskId: 't1', status: 'generating', progress: 0, text: '' };

describe('task events', () => {
  it('appends deltas at their offset, ignores ones already seen and reports a hole', () => {
    let task = applyTaskEvent(base, 'delta', { offset: 0, text: 'Hello' })!;
    task = applyTaskEvent(task, 'delta', { offset: 5, text: ' world' })!;
    expect(task.text).toBe('Hello world');
    // The same piece again (a replay) changes nothing.
    expect(applyTaskEvent(task, 'delta', { offset: 5, text: ' world' })).toBe(task);
    // A piece overlapping the end adds only what is new.
    expect(applyTaskEvent(task, 'delta', { offset: 6, text: 'world!' })!.text).toBe('Hello world!');
    // A piece after a hole cannot be placed: the caller re-reads the task.
    expect(applyTaskEvent(task, 'delta', { offset: 20, text: 'x' })).toBeNull();
  });

  it('replaces the text on `text`, applies progress, status and the whole task', () => {
    const restarted = applyTaskEvent({ ...base, text: 'old run' }, 'text', { text: '' })!;
    expect(restarted.text).toBe('');
    expect(applyTaskEvent(base, 'progress', { progress: 40 })!.progress).toBe(40);
    expect(applyTaskEvent(base, 'status', { status: 'completed', progress: 100, error: null })).toMatchObject({
      status: 'completed',
      progress: 100,
    });
    expect(applyTaskEvent(base, 'status', { status: 'nonsense' })!.status).toBe('generating');
    expect(applyTaskEvent(base, 'task', { taskId: 'other', status: 'pending', progress: 3, text: 'ab' })).toMatchObject({
      taskId: 't1',
      status: 'pending',
      text: 'ab',
    });
  });
});

describe('business type registry', () => {
  it('holds the image types with the costs the web app shows', () => {
    const cutout = bizTypeDefinition('MATTING_IMAGE')!;
    expect(cutout.output).toBe('file');
    expect(cutout.cost({}, 1)).toBe(taskCost('MATTING_IMAGE', {}, 1));
    expect(bizTypeDefinition('PRODUCT_REPLACE_IMAGE')!.paidFeature!({ backgroundColor: '#123456' }, 1)).toBe(
      'customColorNeedsMembership',
    );
    expect(isBizType('NOT_A_TYPE')).toBe(false);
  });

  it('takes a new type once and refuses a second definition under the same name', () => {
    const def = defineBizType({ type: 'CORE_TEST_TEXT', output: 'text', inputs: () => [0, 0], cost: () => 1 });
    expect(defineBizType(def)).toBe(def);
    expect(() => defineBizType({ ...def })).toThrow(/defined twice/);
    expect(() => defineBizType({ ...def, type: 'lower-case' })).toThrow(/bad business type name/);
  });
});
