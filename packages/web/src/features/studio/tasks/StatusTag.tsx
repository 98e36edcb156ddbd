import { Tag } from '@douyinfe/semi-ui-19';
import type { TaskStatus } from '@productimage/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TaskStatus, 'grey' | 'blue' | 'green' | 'red' | 'orange'> = {
  pending: 'grey',
  generating: 'blue',
  completed: 'green',
  failed: 'red',
  stopped: 'orange',
};

export function StatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag color={COLORS[status]} size="small" data-testid={`status-${status}`}>
      {t(`status_${status}`)}
    </Tag>
  );
}
