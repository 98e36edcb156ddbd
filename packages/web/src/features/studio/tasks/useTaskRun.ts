import { Toast } from '@douyinfe/semi-ui-19';
import { isPaidTier, laterTaskView, TASK_CHANGE_WAIT_MS } from '@productimage/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { reportNotEnoughCoins } from '../../app/shell/reminders/insufficientCoins.ts';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { CURRENT_USER_KEY, useSession } from '../../identity/accounts/session.ts';
import { useOriginState } from '../tools/common/originImage.ts';
import { toolPathOf } from './bizRoutes.ts';
import { displayedProgress, type ProgressKind } from './fakeProgress.ts';
import { type CreateTaskBody, isTerminal, type TaskView, taskApi } from './taskApi.ts';
import { readIntoCache, taskKey } from './taskCache.ts';
import { describeError } from './taskErrors.ts';
import { failureMessage, takeFreeSubmitTip } from './taskMessages.ts';
import { canRedo, canUndo, currentEntry, emptyHistory, pushEntry, redo, type UndoHistory, undo } from './undoHistory.ts';
import { watchTask } from './watchTask.ts';

export const TASK_LIST_KEY = ['tasks'] as const;
/** How often an unfinished task is read again beside its events (the page's safety net). */
const TASK_SAFETY_POLL_MS = 5000;

/** What one undo step restores: the run on screen, the result shown, and the page's settings. */
export interface RunSnapshot<S> {
  taskIds: string[];
  showIndex: number;
  settings: S;
}

const ACTIVE_KEY_PREFIX = 'TOOL_TASKS:';

function readActive(pageKey: string): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(ACTIVE_KEY_PREFIX + pageKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeActive(pageKey: string, ids: string[]) {
  if (ids.length) localStorage.setItem(ACTIVE_KEY_PREFIX + pageKey, JSON.stringify(ids));
  else localStorage.removeItem(ACTIVE_KEY_PREFIX + pageKey);
}

export interface TaskRunOptions<S> {
  /** Route id of the page: its running tasks are remembered across reloads under this key. */
  pageKey: string;
  kind: ProgressKind;
  settings: S;
  /** Puts the page's settings back when the user undoes to an earlier result. */
  onRestore?: (settings: S) => void;
}

/**
 * The generation life cycle of one tool page: start tasks (one per input set), follow them by
 * events or polling with the spec's fake progress, stop them, show results, and keep the undo
 * history of what was on screen. Running tasks survive a reload (their ids are kept locally).
 */
export function useTaskRun<S>({ pageKey, kind, settings, onRestore }: TaskRunOptions<S>) {
  const { t } = useTranslation(['tasks', 'errors', 'common']);
  const client = useQueryClient();
  const showLogin = useLoginModal((s) => s.show);
  const { current } = useSession();
  const free = !!current && !isPaidTier(current.benefitPackage.product.productType);
  const [taskIds, setTaskIds] = useState<string[]>(() => readActive(pageKey));
  const [showIndex, setShowIndex] = useState(0);
  const [starting, setStarting] = useState(false);
  // Spec 001 §4 task-change wait: the generate button stays locked 3 s after a run is submitted.
  const [changing, setChanging] = useState(false);
  const changeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(changeTimer.current), []);
  const [history, setHistory] = useState<UndoHistory<RunSnapshot<S>>>(emptyHistory);
  const [now, setNow] = useState(() => Date.now());
  const firstSeen = useRef(new Map<string, number>());
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const queries = useQueries({
    // Events are the fast path (the kit's watchTask, with its own safety read). While a task has not
    // ended the page also reads it every few seconds, whether or not a watch is running; a read that
    // lands after the final status keeps the final status (readIntoCache, issue 28).
    queries: taskIds.map((id) => ({
      queryKey: taskKey(id),
      queryFn: () => readIntoCache(client, id, taskApi.get),
      staleTime: Infinity,
      retry: 1,
      refetchInterval: (query: { state: { data?: TaskView } }) =>
        query.state.data && !isTerminal(query.state.data.status) ? TASK_SAFETY_POLL_MS : false,
    })),
  });
  const tasks = useMemo(() => queries.map((q) => q.data).filter((task): task is TaskView => !!task), [queries]);
  const loadingRun = queries.some((q) => q.isLoading);
  const running = tasks.some((task) => !isTerminal(task.status));
  const runningKey = tasks
    .filter((task) => !isTerminal(task.status))
    .map((task) => task.taskId)
    .join(',');

  // A task deleted or expired while remembered is forgotten instead of blocking the page.
  useEffect(() => {
    const missing = queries.some((q) => (q.error as { status?: number } | null)?.status === 404);
    if (missing) setTaskIds((ids) => ids.filter((_, i) => (queries[i]?.error as { status?: number } | null)?.status !== 404));
  }, [queries]);

  useEffect(() => {
    writeActive(pageKey, running ? taskIds : []);
  }, [pageKey, running, taskIds]);

  // Follow every unfinished task of the run. The end of a task is announced once, from the update
  // that carries it (the watch itself is aborted as soon as the run has nothing left running).
  const announced = useRef(new Set<string>());
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!runningKey) return;
    const controller = new AbortController();
    const onUpdate = (task: TaskView) => {
      // A final status is final: a late update of another watch never makes the tool busy again.
      const shown = client.getQueryData<TaskView>(taskKey(task.taskId));
      if (laterTaskView(shown, task) !== task) return;
      client.setQueryData(taskKey(task.taskId), task);
      if (!isTerminal(task.status) || announced.current.has(task.taskId)) return;
      announced.current.add(task.taskId);
      void client.invalidateQueries({ queryKey: TASK_LIST_KEY });
      if (task.status === 'failed') {
        Toast.error(failureMessage(task, tRef.current).title);
        // the charge was refunded: the header balance follows
        void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
    };
    for (const id of runningKey.split(',')) {
      watchTask(id, onUpdate, controller.signal, client.getQueryData<TaskView>(taskKey(id))).catch(() => {});
    }
    return () => controller.abort();
  }, [runningKey, client]);

  // Tick the fake progress while something runs.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);

  // When the whole run has finished with results, it becomes an undo step.
  const finishedKey = !running && tasks.length && tasks.length === taskIds.length ? taskIds.join(',') : '';
  useEffect(() => {
    if (!finishedKey) return;
    setHistory((h) => {
      const top = currentEntry(h);
      if (top && top.taskIds.join(',') === finishedKey) return h;
      return pushEntry(h, { taskIds: finishedKey.split(','), showIndex: 0, settings: settingsRef.current });
    });
  }, [finishedKey]);

  for (const task of tasks) {
    if (!firstSeen.current.has(task.taskId)) {
      firstSeen.current.set(task.taskId, Math.min(task.createdAt ?? Date.now(), Date.now()));
    }
  }
  const progress = tasks.length
    ? Math.floor(
        tasks.reduce(
          (sum, task) =>
            sum + displayedProgress(task.progress, now - (firstSeen.current.get(task.taskId) ?? now), kind, task.status),
          0,
        ) / tasks.length,
      )
    : 0;

  const start = useCallback(
    async (bodies: CreateTaskBody[]) => {
      setStarting(true);
      const created: string[] = [];
      try {
        for (const body of bodies) {
          const result = await taskApi.create(body);
          client.setQueryData<TaskView>(taskKey(result.taskId), {
            taskId: result.taskId,
            bizType: body.bizType,
            status: result.status,
            progress: 0,
            outputs: [],
            cost: result.cost,
            error: null,
            params: body.params ?? {},
            inputs: body.inputs ?? [],
            createdAt: Date.now(),
            updatedAt: Date.now(),
            // Until the first event says otherwise (text tasks answer text).
            output: 'file',
            text: null,
            data: null,
          });
          created.push(result.taskId);
        }
      } catch (error) {
        // too few coins: the shell's insufficient-lingshi modal says so and leads to the benefits centre
        if (!reportNotEnoughCoins(error)) {
          const described = describeError(error, t);
          if (described.kind === 'login') showLogin('login');
          else Toast.error({ content: described.message, duration: 5 });
        }
      } finally {
        setStarting(false);
        // coins were charged (or not): the header balance follows
        void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
      if (created.length) {
        setTaskIds(created);
        setShowIndex(0);
        setChanging(true);
        clearTimeout(changeTimer.current);
        changeTimer.current = setTimeout(() => setChanging(false), TASK_CHANGE_WAIT_MS);
        // What membership adds, told to a free user once a day, after a submission (AI-FREE-USER-SUBMIT).
        if (free && takeFreeSubmitTip(localStorage)) Toast.info({ content: t('tasks:freeSubmitTip'), duration: 6 });
        void client.invalidateQueries({ queryKey: TASK_LIST_KEY });
      }
    },
    [client, t, showLogin, free],
  );

  const stop = useCallback(async () => {
    const ids = tasks.filter((task) => !isTerminal(task.status)).map((task) => task.taskId);
    try {
      for (const id of ids) client.setQueryData(taskKey(id), await taskApi.stop(id));
      Toast.success(t('tasks:stoppedRefunded'));
    } catch (error) {
      Toast.error(describeError(error, t).message);
      for (const id of ids) void client.invalidateQueries({ queryKey: taskKey(id) });
    }
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    void client.invalidateQueries({ queryKey: TASK_LIST_KEY });
  }, [tasks, client, t]);

  /** Shows a task from the history list (an undo step of its own). */
  const showTask = useCallback(
    (task: TaskView) => {
      client.setQueryData(taskKey(task.taskId), task);
      setTaskIds([task.taskId]);
      setShowIndex(0);
    },
    [client],
  );

  // Opened on one of this tool's own results (`genOriginState`, e.g. the creation space's "open in
  // tool"): that result is shown, unless a run of the page is still going.
  const originId = useOriginState();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!originId || readActive(pageKey).length) return;
    let cancelled = false;
    taskApi
      .get(originId)
      .then((task) => {
        if (!cancelled && toolPathOf(task) === pathname) showTask(task);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [originId, pageKey, pathname, showTask]);

  /** Picks which result of the run is large on screen; the choice is an undo step. */
  const pick = useCallback(
    (index: number) => {
      setShowIndex(index);
      setHistory((h) => pushEntry(h, { taskIds, showIndex: index, settings: settingsRef.current }));
    },
    [taskIds],
  );

  const restore = (h: UndoHistory<RunSnapshot<S>>) => {
    setHistory(h);
    const entry = currentEntry(h);
    if (!entry) return;
    setTaskIds(entry.taskIds);
    setShowIndex(entry.showIndex);
    onRestore?.(entry.settings);
  };

  const outputs = tasks.flatMap((task) => task.outputs.map((output) => ({ ...output, taskId: task.taskId })));
  return {
    tasks,
    outputs,
    showIndex: Math.min(showIndex, Math.max(outputs.length - 1, 0)),
    pick,
    running,
    loadingRun,
    starting: starting || changing,
    /** What keeps the page busy now: a run, a create not answered yet, or the 3 s change lock. */
    busyState: running ? 'running' : starting ? 'starting' : changing ? 'changing' : '',
    progress,
    start,
    stop,
    showTask,
    clear: () => setTaskIds([]),
    undo: canUndo(history) ? () => restore(undo(history)) : undefined,
    redo: canRedo(history) ? () => restore(redo(history)) : undefined,
    historySize: history.entries.length,
  };
}

export type TaskRun = ReturnType<typeof useTaskRun>;
