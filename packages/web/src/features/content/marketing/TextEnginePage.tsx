import { Banner, Button, Card, Descriptions, Radio, RadioGroup, Spin, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import './marketing.css';
import { useBusyAction } from '../../../shared/useAction.ts';

const KEY = ['admin', 'text-engine'];
type Choice = 'auto' | 'offline-writer';

const HEALTH_COLOR = { ok: 'green', unauthorized: 'orange', unreachable: 'red', error: 'red', notConfigured: 'grey' } as const;

/**
 * /text-engine, for operators: which text engine writes the marketing suite's drafts (the chat
 * model or the offline writer), whether the chat server answers, and (platform operators) the switch.
 */
export default function TextEnginePage() {
  const { t } = useTranslation(['marketing', 'common', 'errors', 'console']);
  const client = useQueryClient();
  // Only console operators may read it (GET /api/team/me says who): others are not sent into a 403.
  const team = useTeamMe();
  const operator = !!team.me?.consoleOperator;
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => api.GET('/api/admin/text-engine'),
    refetchInterval: 30_000,
    enabled: operator,
  });
  const { busy, run } = useBusyAction();
  if (team.loading || query.isLoading) return <Spin />;
  if (!operator)
    return (
      <div className="mkt-page mkt-engine-admin" data-testid="text-engine-no-right">
        <Typography.Title heading={4}>{t('engineAdmin.title')}</Typography.Title>
        <Typography.Paragraph>{t('console:noRight')}</Typography.Paragraph>
      </div>
    );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const state = query.data;
  if (!state) return null;
  const choose = async (choice: Choice) => {
    await run(async () => {
      client.setQueryData(KEY, await api.PUT('/api/admin/text-engine', { body: { choice } }));
      void client.invalidateQueries({ queryKey: ['marketing', 'engine'] });
      Toast.success(t('engineAdmin.saved'));
    });
  };
  return (
    <div className="mkt-page mkt-engine-admin" data-testid="text-engine-page">
      <Typography.Title heading={4}>{t('engineAdmin.title')}</Typography.Title>
      <Typography.Paragraph type="tertiary">{t('engineAdmin.intro')}</Typography.Paragraph>
      <Card>
        <Typography.Text strong>
          {t('engineAdmin.active')}:{' '}
          <Tag color={state.active === 'openai-chat' ? 'blue' : 'orange'} data-testid="text-engine-active">
            {t(`engineAdmin.names.${state.active}`)}
          </Tag>
        </Typography.Text>
      </Card>
      <Card title={t('engineAdmin.names.openai-chat')}>
        <Descriptions
          data={[
            { key: t('engineAdmin.model'), value: state.chat.model ?? '-' },
            { key: t('engineAdmin.server'), value: state.chat.server ?? '-' },
            {
              key: t('engineAdmin.health'),
              value: (
                <Tag color={HEALTH_COLOR[state.chat.health]} data-testid="text-engine-health">
                  {t(`engineAdmin.healthStates.${state.chat.health}`, {
                    status: state.chat.status ?? '',
                    ms: state.chat.ms ?? '',
                  })}
                </Tag>
              ),
            },
          ]}
        />
        {!state.chat.configured && <Banner type="info" fullMode={false} description={t('engineAdmin.notConfiguredHint')} />}
      </Card>
      <Card title={t('engineAdmin.names.offline-writer')}>
        <Typography.Paragraph>{t('engineAdmin.offlineIntro')}</Typography.Paragraph>
      </Card>
      <Card title={t('engineAdmin.choice')}>
        <RadioGroup
          value={state.choice}
          disabled={busy}
          direction="vertical"
          onChange={(e) => void choose(e.target.value as Choice)}
          data-testid="text-engine-choice"
        >
          <Radio value="auto" data-testid="text-engine-auto">
            {t('engineAdmin.choices.auto')}
          </Radio>
          <Radio value="offline-writer" data-testid="text-engine-offline">
            {t('engineAdmin.choices.offline-writer')}
          </Radio>
        </RadioGroup>
        <Typography.Paragraph type="tertiary" size="small">
          {t('engineAdmin.choiceHint')}
        </Typography.Paragraph>
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          {t('engineAdmin.recheck')}
        </Button>
      </Card>
    </div>
  );
}
