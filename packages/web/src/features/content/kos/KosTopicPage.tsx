import { Banner, Button, DatePicker, Input, Select, Tag, TextArea } from '@douyinfe/semi-ui-19';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormModal, useFormFields } from '../../../shared/FormModal.tsx';
import { EditDeleteActions, ListCard, ListGrid, ListPage, ListStates, ReadOnlyNotice } from '../../../shared/ListPage.tsx';
import { useConfirmedAction } from '../../../shared/useAction.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { KOS_KEY, type KosTopic, kosApi, TOPIC_STATUSES, type TopicInput } from './kosApi.ts';
import './kos.css';

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (d: Date) => `${d.getFullYear()}/${pad(d.getMonth() + 1)}`;
const shiftMonth = (month: string, delta: number) => {
  const [y, m] = month.split('/').map(Number);
  return monthOf(new Date(y ?? 2000, (m ?? 1) - 1 + delta, 1));
};
const STATUS_COLOR = { planned: 'blue', writing: 'orange', published: 'green', dropped: 'grey' } as const;

/** /kos-topic: topic plans per account, by day within a month. */
export default function KosTopicPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const confirm = useConfirmedAction();
  const [month, setMonth] = useState(monthOf(new Date()));
  const [accountId, setAccountId] = useState(0);
  const accounts = useQuery({ queryKey: [...KOS_KEY, 'accounts'], queryFn: kosApi.accounts });
  const topics = useQuery({
    queryKey: [...KOS_KEY, 'topics', month, accountId],
    queryFn: () => kosApi.topics({ month, ...(accountId ? { accountId } : {}) }),
  });
  const [editing, setEditing] = useState<KosTopic | 'new' | null>(null);
  const byDay = useMemo(() => {
    const days = new Map<string, KosTopic[]>();
    for (const topic of topics.data ?? []) days.set(topic.planDay, [...(days.get(topic.planDay) ?? []), topic]);
    return [...days.entries()];
  }, [topics.data]);
  const remove = (topic: KosTopic) =>
    confirm({
      title: t('deleteConfirm'),
      content: topic.title,
      action: async () => {
        await kosApi.deleteTopic(topic.topicId);
        await client.invalidateQueries({ queryKey: KOS_KEY });
      },
    });
  const noAccounts = accounts.data && accounts.data.length === 0;
  return (
    <ListPage
      testId="kos-topic-page"
      className="kos-page"
      title={t('topic.title')}
      intro={t('topic.intro')}
      notice={
        <>
          {!manage && <ReadOnlyNotice text={t('readOnly')} />}
          {noAccounts && <Banner type="warning" description={t('topic.needAccount')} closeIcon={null} />}
        </>
      }
      toolbar={
        <>
          <Button onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t('topic.prevMonth')}>
            ‹
          </Button>
          <strong data-testid="topic-month">{month}</strong>
          <Button onClick={() => setMonth(shiftMonth(month, 1))} aria-label={t('topic.nextMonth')}>
            ›
          </Button>
          <Select
            value={accountId}
            onChange={(v) => setAccountId(Number(v))}
            optionList={[
              { value: 0, label: t('topic.allAccounts') },
              ...(accounts.data ?? []).map((a) => ({
                value: Number(a.accountId),
                label: `${t(`platforms.${a.platform}`)} @${a.handle}`,
              })),
            ]}
          />
          {manage && !noAccounts && (
            <Button theme="solid" onClick={() => setEditing('new')} data-testid="topic-add">
              {t('topic.add')}
            </Button>
          )}
        </>
      }
    >
      <ListStates query={topics} emptyText={t('topic.empty')} />
      {byDay.map(([day, list]) => (
        <section key={day}>
          <div className="kos-day">{day}</div>
          <ListGrid>
            {list.map((topic) => (
              <ListCard
                key={topic.topicId}
                testId="topic-card"
                actions={
                  manage && (
                    <EditDeleteActions
                      onEdit={() => setEditing(topic)}
                      onDelete={() => remove(topic)}
                      editText={t('edit')}
                      deleteText={t('delete')}
                    />
                  )
                }
              >
                <div className="list-card-title">
                  <Tag color={STATUS_COLOR[topic.status]}>{t(`topic.statuses.${topic.status}`)}</Tag>
                  {topic.title}
                </div>
                <div className="list-card-meta">
                  {t(`platforms.${topic.platform}`)} @{topic.handle}
                </div>
                {topic.brief && <div>{topic.brief}</div>}
              </ListCard>
            ))}
          </ListGrid>
        </section>
      ))}
      {editing && (
        <TopicForm
          topic={editing === 'new' ? null : editing}
          defaultAccountId={accountId || Number(accounts.data?.[0]?.accountId ?? 0)}
          accounts={(accounts.data ?? []).map((a) => ({
            value: Number(a.accountId),
            label: `${t(`platforms.${a.platform}`)} @${a.handle}`,
          }))}
          onClose={() => setEditing(null)}
          onSaved={(day) => {
            setMonth(day.slice(0, 7));
            void client.invalidateQueries({ queryKey: KOS_KEY });
          }}
        />
      )}
    </ListPage>
  );
}

function TopicForm(props: {
  topic: KosTopic | null;
  defaultAccountId: number;
  accounts: Array<{ value: number; label: string }>;
  onClose: () => void;
  onSaved: (day: string) => void;
}) {
  const { t } = useTranslation(['kos', 'common']);
  const today = new Date();
  const [form, set, bind] = useFormFields<TopicInput>({
    accountId: props.topic ? Number(props.topic.accountId) : props.defaultAccountId,
    title: props.topic?.title ?? '',
    brief: props.topic?.brief ?? '',
    planDay: props.topic?.planDay ?? `${today.getFullYear()}/${pad(today.getMonth() + 1)}/${pad(today.getDate())}`,
    status: props.topic?.status ?? 'planned',
  });
  const save = async () => {
    if (props.topic) await kosApi.updateTopic(props.topic.topicId, form);
    else await kosApi.createTopic(form);
    return form.planDay;
  };
  return (
    <FormModal
      title={props.topic ? t('topic.editTitle') : t('topic.add')}
      onClose={props.onClose}
      onSubmit={save}
      onSaved={props.onSaved}
      successText={t('saved')}
      okText={t('save')}
      cancelText={t('cancel')}
      canSubmit={!!form.title.trim() && !!form.accountId}
      okTestId="topic-save"
    >
      <Field label={t('topic.account')}>
        <Select value={form.accountId} onChange={(v) => set('accountId', Number(v))} optionList={props.accounts} />
      </Field>
      <Field label={t('topic.topicTitle')}>
        <Input {...bind('title')} maxLength={200} data-testid="topic-title" />
      </Field>
      <Field label={t('topic.day')}>
        <DatePicker
          value={form.planDay}
          format="yyyy/MM/dd"
          onChange={(_, dateString) => typeof dateString === 'string' && dateString && set('planDay', dateString)}
          style={{ width: '100%' }}
        />
      </Field>
      <Field label={t('topic.status')}>
        <Select
          value={form.status}
          onChange={(v) => set('status', v as TopicInput['status'])}
          optionList={TOPIC_STATUSES.map((s) => ({ value: s, label: t(`topic.statuses.${s}`) }))}
        />
      </Field>
      <Field label={t('topic.brief')}>
        <TextArea {...bind('brief')} maxLength={2000} rows={3} />
      </Field>
    </FormModal>
  );
}
