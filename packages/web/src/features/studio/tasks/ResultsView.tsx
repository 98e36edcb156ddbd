import { IconRedo, IconUndo } from '@douyinfe/semi-icons';
import './tasks.css';
import { Banner, Button, Empty, Spin, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../app/layout.ts';
import { UseInMenu } from '../tools/common/UseInMenu.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { isVideoOutput } from './outputs.ts';
import { RatingPrompt } from './RatingDialog.tsx';
import { TaskProgress } from './TaskProgress.tsx';
import { failureMessage } from './taskMessages.ts';
import type { TaskRun } from './useTaskRun.ts';

interface Props {
  run: TaskRun;
  /** Shown before the first generation: what the tool will make. */
  empty: ReactNode;
  /** Tool-specific actions on the shown result (e.g. the mask editor). */
  actions?: ReactNode;
  /** Videos download as rendered; images in 1080P or 2K. */
  video?: boolean;
}

/** The workspace of a tool page: progress while generating, then the results with their actions. */
export function ResultsView({ run, empty, actions, video }: Props) {
  const { t } = useTranslation(['tasks', 'errors']);
  const section = useRef<HTMLElement>(null);
  // On phones the workspace sits under the settings: bring the progress into view when it starts.
  useEffect(() => {
    if (isMobile && run.running) section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [run.running]);
  const shown = run.outputs[run.showIndex];
  const ended = run.tasks.find((task) => task.status === 'failed' || task.status === 'stopped');
  const failure = ended ? failureMessage(ended, t) : null;

  let body: ReactNode;
  if (run.loadingRun) body = <Spin size="large" />;
  else if (run.running)
    body = (
      <TaskProgress percent={run.progress} queued={run.tasks.every((task) => task.status === 'pending')} onStop={run.stop} />
    );
  else if (shown)
    body = (
      <div className="results" data-testid="results">
        <figure className="result-main checkerboard">
          {isVideoOutput(shown) ? (
            <video src={shown.url} controls autoPlay loop muted playsInline data-testid="result-video" />
          ) : (
            <img src={shown.url} alt={t('resultAlt', { index: run.showIndex + 1 })} data-testid="result-image" />
          )}
        </figure>
        {run.outputs.length > 1 && (
          <div className="result-thumbs" role="listbox" aria-label={t('resultsTitle')}>
            {run.outputs.map((output, index) => (
              <button
                type="button"
                role="option"
                aria-selected={index === run.showIndex}
                key={`${output.taskId}-${output.url}`}
                className={`result-thumb checkerboard${index === run.showIndex ? ' active' : ''}`}
                onClick={() => run.pick(index)}
              >
                {isVideoOutput(output) ? <video src={output.url} muted /> : <img src={output.url} alt="" />}
              </button>
            ))}
          </div>
        )}
        <div className="result-actions">
          <DownloadButton
            taskId={shown.taskId}
            index={run.outputs.filter((o, i) => o.taskId === shown.taskId && i < run.showIndex).length}
            output={shown}
            bizType={run.tasks.find((task) => task.taskId === shown.taskId)?.bizType}
            definitions={video ? ['1080P'] : undefined}
          />
          {actions}
          {!isVideoOutput(shown) && <UseInMenu url={shown.url} taskId={shown.taskId} />}
          <span className="spacer" />
          <RatingPrompt key={shown.taskId} taskId={shown.taskId} />
        </div>
        {failure && <Banner type="warning" title={failure.title} description={failure.detail} closeIcon={null} />}
      </div>
    );
  else if (ended && failure)
    body = (
      <Empty
        title={failure.title}
        description={
          <>
            {failure.detail && <p data-testid="task-failed-reason">{failure.detail}</p>}
            <p>{t(ended.status === 'stopped' ? 'stoppedHint' : ended.cost === 0 ? 'failedHintFree' : 'failedHint')}</p>
          </>
        }
        data-testid="task-failed"
      />
    );
  else body = empty;

  return (
    <section className="tool-workspace" aria-live="polite" ref={section}>
      <div className="workspace-toolbar">
        <Typography.Text strong>{t('resultsTitle')}</Typography.Text>
        <span className="spacer" />
        <Tooltip content={t('undo')}>
          <span className="trigger">
            <Button
              icon={<IconUndo />}
              theme="borderless"
              disabled={!run.undo}
              onClick={run.undo}
              aria-label={t('undo')}
              data-testid="undo"
            />
          </span>
        </Tooltip>
        <Tooltip content={t('redo')}>
          <span className="trigger">
            <Button
              icon={<IconRedo />}
              theme="borderless"
              disabled={!run.redo}
              onClick={run.redo}
              aria-label={t('redo')}
              data-testid="redo"
            />
          </span>
        </Tooltip>
      </div>
      <div className="workspace-body">{body}</div>
    </section>
  );
}
