import { Button, Popconfirm, Progress, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

interface Props {
  percent: number;
  queued: boolean;
  onStop: () => void;
}

/** Progress of a running generation with the stop action (coins come back on stop). */
export function TaskProgress({ percent, queued, onStop }: Props) {
  const { t } = useTranslation('tasks');
  return (
    <div className="task-progress" data-testid="task-progress">
      <Progress percent={percent} showInfo size="large" aria-label={t('progressLabel')} data-testid="task-progress-bar" />
      <Typography.Text strong data-testid="task-progress-text">
        {queued ? t('queued') : t('generating', { percent })}
      </Typography.Text>
      <Typography.Text type="tertiary" size="small">
        {t('progressHint')}
      </Typography.Text>
      <Popconfirm title={t('stopConfirmTitle')} content={t('stopConfirmBody')} onConfirm={onStop}>
        <span className="trigger">
          <Button type="danger" data-testid="task-stop">
            {t('stop')}
          </Button>
        </span>
      </Popconfirm>
    </div>
  );
}
