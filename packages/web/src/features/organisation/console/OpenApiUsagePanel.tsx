import { Spin, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { KeyUsageTable } from '../../identity/settings/KeyUsageTable.tsx';
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
      <KeyUsageTable rows={usage.data} pageSize={20} />
    </div>
  );
}
