import { Modal, Typography } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from './DownloadButton.tsx';
import { isVideoOutput } from './outputs.ts';
import { RatingPrompt } from './RatingDialog.tsx';
import { StatusTag } from './StatusTag.tsx';
import type { TaskView } from './taskApi.ts';
import { failureMessage } from './taskMessages.ts';

/** One task large: its results with download and rating, or why it has none. */
export function TaskPreview({ task, onClose }: { task: TaskView | null; onClose: () => void }) {
  const { t } = useTranslation(['creation', 'tasks', 'errors']);
  const [index, setIndex] = useState(0);
  const output = task?.outputs[Math.min(index, task.outputs.length - 1)];
  return (
    <Modal visible={!!task} onCancel={onClose} footer={null} width={820} title={task && t(`tasks:biz_${task.bizType}`)}>
      {task && (
        <div className="creation-preview" data-testid="creation-preview">
          <div className="creation-preview-meta">
            <StatusTag status={task.status} />
            {task.createdAt && <Typography.Text type="tertiary">{formatDate(task.createdAt, true)}</Typography.Text>}
            <Typography.Text type="tertiary">{t('tasks:costLabel', { count: task.cost })}</Typography.Text>
          </div>
          {output ? (
            <>
              <figure className="result-main checkerboard">
                {isVideoOutput(output) ? (
                  <video src={output.url} controls autoPlay loop muted />
                ) : (
                  <img src={output.url} alt="" />
                )}
              </figure>
              {task.outputs.length > 1 && (
                <div className="result-thumbs">
                  {task.outputs.map((o, i) => (
                    <button
                      type="button"
                      key={o.url}
                      className={`result-thumb checkerboard${i === index ? ' active' : ''}`}
                      onClick={() => setIndex(i)}
                    >
                      {isVideoOutput(o) ? <video src={o.url} muted /> : <img src={o.url} alt="" />}
                    </button>
                  ))}
                </div>
              )}
              <div className="result-actions">
                <DownloadButton
                  taskId={task.taskId}
                  index={index}
                  output={output}
                  definitions={isVideoOutput(output) ? ['1080P'] : undefined}
                  bizType={task.bizType}
                />
                <span className="spacer" />
                <RatingPrompt taskId={task.taskId} />
              </div>
            </>
          ) : (
            <Typography.Paragraph type="secondary">
              {task.status === 'failed' || task.status === 'stopped'
                ? Object.values(failureMessage(task, t)).filter(Boolean).join(' · ')
                : t('stillRunning')}
            </Typography.Paragraph>
          )}
        </div>
      )}
    </Modal>
  );
}
