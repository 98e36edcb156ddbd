import { Empty, Table } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { KeyUsageDay } from './openApiApi.ts';

/** Tasks, failed or stopped tasks and points per API key and day: a member's keys or a tenant's (console). */
export function KeyUsageTable({ rows, pageSize }: { rows: KeyUsageDay[] | undefined; pageSize: number }) {
  const { t } = useTranslation('openApi');
  if (!rows?.length) return <Empty description={t('usageEmpty')} />;
  return (
    <Table
      size="small"
      pagination={{ pageSize }}
      rowKey={(r) => `${r?.keyId}-${r?.day}`}
      dataSource={rows}
      columns={[
        { title: t('day'), dataIndex: 'day' },
        { title: t('name'), dataIndex: 'name' },
        { title: t('tasks'), dataIndex: 'tasks' },
        { title: t('failedTasks'), dataIndex: 'failed' },
        { title: t('points'), dataIndex: 'points' },
      ]}
    />
  );
}
