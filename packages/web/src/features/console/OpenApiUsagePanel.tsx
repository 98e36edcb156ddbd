import { Empty, Spin, Table, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { CONSOLE_KEY } from './consoleApi.ts';

/** Operators: every API key of the tenant, its tasks and points per day (docs/open-api.md "Usage"). */
export function OpenApiUsagePanel() {
  const { t } = useTranslation('openApi');
  const usage = useQuery({ queryKey: [...CONSOLE_KEY, 'open-api-usage'], queryFn: () => api.GET('/api/console/open-api/usage') });
  if (usage.isLoading) return <Spin />;
  if (usage.error) return <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />;
  return (
    <div data-testid="console-open-api">
      <Typography.Paragraph type="tertiary">{t('consoleIntro')}</Typography.Paragraph>
      {!usage.data?.length ? (
        <Empty description={t('usageEmpty')} />
      ) : (
        <Table
          size="small"
          pagination={{ pageSize: 20 }}
          rowKey={(r) => `${r?.keyId}-${r?.day}`}
          dataSource={usage.data}
          columns={[
            { title: t('day'), dataIndex: 'day' },
            { title: t('name'), dataIndex: 'name' },
            { title: t('tasks'), dataIndex: 'tasks' },
            { title: t('failedTasks'), dataIndex: 'failed' },
            { title: t('points'), dataIndex: 'points' },
          ]}
        />
      )}
    </div>
  );
}
