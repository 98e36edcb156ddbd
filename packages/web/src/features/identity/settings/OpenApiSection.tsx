import {
  Banner,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Empty,
  Input,
  Modal,
  Select,
  Spin,
  Table,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { BIZ_TYPES, formatDate, MODAL_WIDTH } from '@productimage/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../app/shell/copyText.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { KeyUsageTable } from './KeyUsageTable.tsx';
import { type ApiKey, openApi, type Webhook } from './openApiApi.ts';

const KEYS = ['open-api', 'keys'];
const HOOKS = ['open-api', 'webhooks'];
const USAGE = ['open-api', 'usage'];
const SCOPES = ['generate', 'read'] as const;
const EVENTS = ['task.completed', 'task.failed', 'task.stopped', 'batch.completed'] as const;
/** The open surface's reference page, served by the API (swagger-ui over /api/open/v1/openapi.json). */
const DOCS_URL = '/api/open/v1/docs/';

const failure = (error: unknown, fallback: string) => Toast.error((error as Error)?.message || fallback);

/** When and from where a key was last used (a key's own list and the team's). */
const lastUsedColumn = (t: (k: string) => string) => ({
  title: t('lastUsed'),
  dataIndex: 'lastUsedAt',
  render: (v: number | null, k: ApiKey) => (v ? `${formatDate(v, true)} · ${k.lastUsedIp ?? ''}` : t('never')),
});

/** Asks yes or no before something that cannot be undone. */
function confirm(content: string, t: (k: string) => string, onOk: () => void) {
  Modal.confirm({
    title: content,
    width: MODAL_WIDTH.confirm,
    okText: t('common:yes'),
    cancelText: t('common:no'),
    okButtonProps: { 'data-testid': 'open-api-confirm-yes' } as object,
    onOk,
  });
}

/** Shows a secret once, with a copy button; closing it is the member's word that it is saved. */
function showOnce(title: string, note: string, secret: string, t: (k: string) => string) {
  Modal.info({
    title,
    width: 560,
    okText: t('done'),
    hasCancel: false,
    content: (
      <div className="open-api-secret">
        <Banner type="warning" closeIcon={null} description={note} />
        <Typography.Paragraph copyable={false} className="open-api-secret-value" data-testid="open-api-secret">
          {secret}
        </Typography.Paragraph>
        <Button onClick={async () => Toast.success((await copyText(secret)) ? t('copied') : t('failed'))}>{t('copy')}</Button>
      </div>
    ),
  });
}

function KeysCard() {
  const { t } = useTranslation(['openApi', 'tasks', 'common']);
  const client = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: openApi.keys });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['generate', 'read']);
  const [bizTypes, setBizTypes] = useState<string[]>([]);
  const [team, setTeam] = useState(false);
  // Owners and admins of an enterprise tenant may make team keys (seen and revoked by every one of them).
  const { me, can } = useTeamMe();
  const teamKeys = !!me?.enterprise && can('manageApiKeys');
  const create = useMutation({
    mutationFn: () =>
      openApi.createKey({
        name: name.trim(),
        scopes: scopes as ApiKey['scopes'],
        bizTypes: bizTypes.length ? bizTypes : null,
        team: teamKeys && team,
      }),
    onSuccess: (made) => {
      setName('');
      void client.invalidateQueries({ queryKey: KEYS });
      showOnce(t('newKey'), t('keyShownOnce'), made.key, t);
    },
    onError: (e) => failure(e, t('failed')),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => openApi.revokeKey(keyId),
    onSuccess: () => {
      Toast.success(t('revoked'));
      void client.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e) => failure(e, t('failed')),
  });
  const bizLabel = (b: string) => t(`tasks:biz_${b}`);
  return (
    <Card className="settings-section" title={t('keys')} data-testid="open-api-keys">
      <div className="open-api-form">
        <Input
          value={name}
          onChange={setName}
          maxLength={60}
          placeholder={t('namePlaceholder')}
          data-testid="open-api-key-name"
        />
        <CheckboxGroup value={scopes} onChange={(v) => setScopes(v as string[])} direction="horizontal">
          {SCOPES.map((s) => (
            <Checkbox key={s} value={s} data-testid={`open-api-scope-${s}`}>
              {t(`scope_${s}`)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <Select
          multiple
          filter
          maxTagCount={3}
          value={bizTypes}
          onChange={(v) => setBizTypes(v as string[])}
          placeholder={t('bizTypesHint')}
          optionList={BIZ_TYPES.map((b) => ({ value: b, label: bizLabel(b) }))}
          style={{ width: '100%' }}
        />
        {teamKeys && (
          <Checkbox checked={team} onChange={(e) => setTeam(!!e.target.checked)} data-testid="open-api-key-team">
            {t('teamKey')}
          </Checkbox>
        )}
        <Button
          theme="solid"
          disabled={!name.trim() || scopes.length === 0}
          loading={create.isPending}
          onClick={() => create.mutate()}
          data-testid="open-api-key-create"
        >
          {t('create')}
        </Button>
      </div>
      {keys.isLoading ? (
        <Spin tip={t('loading')} />
      ) : !keys.data?.length ? (
        <Empty description={t('keysEmpty')} />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="keyId"
          dataSource={keys.data}
          data-testid="open-api-key-list"
          columns={[
            {
              title: t('name'),
              dataIndex: 'name',
              render: (v: string, k: ApiKey) => (
                <>
                  {v} ({k.prefix}…) {k.team && <Tag color="blue">{t('team')}</Tag>}
                </>
              ),
            },
            {
              title: t('scopes'),
              dataIndex: 'scopes',
              render: (v: string[]) => v.map((s) => <Tag key={s}>{t(`scope_${s}`).split(/[（(]/)[0]}</Tag>),
            },
            {
              title: t('bizTypes'),
              dataIndex: 'bizTypes',
              render: (v: string[] | null) => (v ? v.map(bizLabel).join('、') : t('bizTypesAll')),
            },
            { title: t('created'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
            lastUsedColumn(t),
            {
              title: '',
              dataIndex: 'keyId',
              render: (keyId: string) => (
                <Button
                  type="danger"
                  size="small"
                  data-testid="open-api-key-revoke"
                  onClick={() => confirm(t('revokeConfirm'), t, () => revoke.mutate(keyId))}
                >
                  {t('revoke')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** Owners and admins: every team key of the tenant, whoever made it, revocable by any of them. */
function TeamKeysCard() {
  const { t } = useTranslation(['openApi', 'common']);
  const client = useQueryClient();
  const list = useQuery({ queryKey: [...KEYS, 'team'], queryFn: openApi.teamKeys });
  const revoke = useMutation({
    mutationFn: (keyId: string) => openApi.revokeTeamKey(keyId),
    onSuccess: () => {
      Toast.success(t('revoked'));
      void client.invalidateQueries({ queryKey: KEYS });
    },
    onError: (e) => failure(e, t('failed')),
  });
  return (
    <Card className="settings-section" title={t('teamKeys')} data-testid="open-api-team-keys">
      <Typography.Paragraph type="tertiary">{t('teamKeysHint')}</Typography.Paragraph>
      {list.isLoading ? (
        <Spin />
      ) : !list.data?.length ? (
        <Empty description={t('keysEmpty')} />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="keyId"
          dataSource={list.data}
          columns={[
            { title: t('name'), dataIndex: 'name', render: (v: string, k: ApiKey) => `${v} (${k.prefix}…)` },
            { title: t('createdBy'), dataIndex: 'createdBy' },
            { title: t('created'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
            lastUsedColumn(t),
            {
              title: '',
              dataIndex: 'keyId',
              render: (keyId: string) => (
                <Button type="danger" size="small" onClick={() => confirm(t('revokeConfirm'), t, () => revoke.mutate(keyId))}>
                  {t('revoke')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('openApi');
  const client = useQueryClient();
  const key = [...HOOKS, webhook.webhookId, 'deliveries'];
  const list = useQuery({ queryKey: key, queryFn: () => openApi.deliveries(webhook.webhookId) });
  const again = useMutation({
    mutationFn: (deliveryId: string) => openApi.redeliver(webhook.webhookId, deliveryId),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
    onError: (e) => failure(e, t('failed')),
  });
  if (list.isLoading) return <Spin />;
  if (!list.data?.length) return <Typography.Text type="tertiary">{t('deliveriesEmpty')}</Typography.Text>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="deliveryId"
      dataSource={list.data}
      columns={[
        { title: t('event'), dataIndex: 'event', render: (v: string) => t(`event_${v.replace('.', '_')}`) },
        { title: t('status'), dataIndex: 'status', render: (v: string) => t(`status_${v}`) },
        { title: t('attempts'), dataIndex: 'attempts' },
        { title: t('lastAttempt'), dataIndex: 'lastAttemptAt', render: (v: number | null) => (v ? formatDate(v, true) : '—') },
        {
          title: t('answer'),
          dataIndex: 'lastStatus',
          render: (v: number | null, d: { lastError: string | null }) => (v ? `HTTP ${v}` : (d.lastError ?? '—')),
        },
        {
          title: '',
          dataIndex: 'deliveryId',
          render: (id: string) => (
            <Button size="small" loading={again.isPending && again.variables === id} onClick={() => again.mutate(id)}>
              {t('redeliver')}
            </Button>
          ),
        },
      ]}
    />
  );
}

function WebhooksCard() {
  const { t } = useTranslation(['openApi', 'common']);
  const client = useQueryClient();
  const hooks = useQuery({ queryKey: HOOKS, queryFn: openApi.webhooks });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['task.completed', 'task.failed']);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: HOOKS });
  const create = useMutation({
    mutationFn: () => openApi.createWebhook({ url: url.trim(), events: events as Webhook['events'] }),
    onSuccess: (made) => {
      setUrl('');
      refresh();
      showOnce(t('newWebhook'), t('secretShownOnce'), made.secret, t);
    },
    onError: (e) => failure(e, t('failed')),
  });
  const rotate = useMutation({
    mutationFn: (id: string) => openApi.rotate(id),
    onSuccess: (made) => showOnce(t('rotate'), t('secretShownOnce'), made.secret, t),
    onError: (e) => failure(e, t('failed')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => openApi.removeWebhook(id),
    onSuccess: refresh,
    onError: (e) => failure(e, t('failed')),
  });
  return (
    <Card className="settings-section" title={t('webhooks')} data-testid="open-api-webhooks">
      <Typography.Paragraph type="tertiary">{t('webhooksHint')}</Typography.Paragraph>
      <div className="open-api-form">
        <Input
          value={url}
          onChange={setUrl}
          placeholder="https://erp.example.com/hooks/insposhot"
          data-testid="open-api-hook-url"
        />
        <CheckboxGroup value={events} onChange={(v) => setEvents(v as string[])} direction="horizontal">
          {EVENTS.map((e) => (
            <Checkbox key={e} value={e}>
              {t(`event_${e.replace('.', '_')}`)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <Button
          theme="solid"
          disabled={!url.trim() || events.length === 0}
          loading={create.isPending}
          onClick={() => create.mutate()}
          data-testid="open-api-hook-create"
        >
          {t('newWebhook')}
        </Button>
      </div>
      {hooks.isLoading ? (
        <Spin />
      ) : !hooks.data?.length ? (
        <Empty description={t('webhooksEmpty')} />
      ) : (
        hooks.data.map((hook) => (
          <div key={hook.webhookId} className="open-api-hook" data-testid="open-api-hook">
            <div className="settings-row">
              <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 360 }}>
                {hook.url}
              </Typography.Text>
              <span>
                {hook.events.map((e) => (
                  <Tag key={e}>{t(`event_${e.replace('.', '_')}`)}</Tag>
                ))}
              </span>
              <span className="open-api-actions">
                <Button size="small" onClick={() => setOpen(open === hook.webhookId ? null : hook.webhookId)}>
                  {t('deliveries')}
                </Button>
                <Button size="small" onClick={() => rotate.mutate(hook.webhookId)}>
                  {t('rotate')}
                </Button>
                <Button
                  size="small"
                  type="danger"
                  onClick={() => confirm(t('removeConfirm'), t, () => remove.mutate(hook.webhookId))}
                >
                  {t('remove')}
                </Button>
              </span>
            </div>
            {open === hook.webhookId && <Deliveries webhook={hook} />}
          </div>
        ))
      )}
    </Card>
  );
}

function UsageCard() {
  const { t } = useTranslation('openApi');
  const usage = useQuery({ queryKey: USAGE, queryFn: openApi.usage });
  return (
    <Card className="settings-section" title={t('usage')} data-testid="open-api-usage">
      {usage.isLoading ? <Spin /> : <KeyUsageTable rows={usage.data} pageSize={10} />}
    </Card>
  );
}

/** Personal settings' open API part: keys, webhooks with their deliveries, usage, and the reference. */
export default function OpenApiSection() {
  const { t } = useTranslation('openApi');
  const { me, can } = useTeamMe();
  return (
    <section data-testid="settings-open-api" className="open-api">
      <div className="settings-row">
        <Typography.Title heading={4}>{t('title')}</Typography.Title>
        <Typography.Text link={{ href: DOCS_URL, target: '_blank' }}>{t('docs')}</Typography.Text>
      </div>
      <Typography.Paragraph type="tertiary">{t('intro')}</Typography.Paragraph>
      <KeysCard />
      {me?.enterprise && can('manageApiKeys') && <TeamKeysCard />}
      <WebhooksCard />
      <UsageCard />
    </section>
  );
}
