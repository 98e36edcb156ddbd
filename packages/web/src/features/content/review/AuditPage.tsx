import { Button, Input, Select, Spin, Tabs, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { ErrorState, errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field, FormModal, useFormFields } from '../../../shared/FormModal.tsx';
import { ListPage, ListStates } from '../../../shared/ListPage.tsx';
import { useConfirmedAction } from '../../../shared/useAction.ts';
import { KOS_KEY, kosApi } from '../kos/kosApi.ts';
import {
  type ItemInput,
  REVIEW_KEY,
  type ReviewAction,
  type ReviewItemDetail,
  type ReviewScope,
  type ReviewStatus,
  reviewApi,
} from './reviewApi.ts';
import '../kos/kos.css';
import './review.css';

const STATUS_COLOR: Record<ReviewStatus, 'grey' | 'blue' | 'green' | 'red' | 'violet'> = {
  draft: 'grey',
  in_review: 'blue',
  approved: 'green',
  rejected: 'red',
  published: 'violet',
};

export function StatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('review');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="review-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** /audit (idea management): own items, the reviewer queue, the whole team's items; one item with its thread. */
export default function AuditPage() {
  const { t } = useTranslation(['review', 'common']);
  const [params, setParams] = useSearchParams();
  const scope = (['mine', 'queue', 'all'].includes(params.get('tab') ?? '') ? params.get('tab') : 'mine') as ReviewScope;
  const openId = params.get('item');
  const client = useQueryClient();
  const summary = useQuery({ queryKey: [...REVIEW_KEY, 'summary'], queryFn: reviewApi.summary });
  const list = useQuery({ queryKey: [...REVIEW_KEY, 'list', scope], queryFn: () => reviewApi.list(scope) });
  // Other pages send an idea or a content here for review: /audit?new=1&kind=idea&title=..&body=..
  const prefill =
    params.get('new') === '1'
      ? {
          kind: params.get('kind') === 'content' ? ('content' as const) : ('idea' as const),
          title: params.get('title') ?? '',
          body: params.get('body') ?? '',
        }
      : null;
  const [creating, setCreating] = useState(!!prefill);
  const go = (next: { tab?: ReviewScope; item?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.tab) p.set('tab', next.tab);
    for (const k of ['new', 'kind', 'title', 'body']) p.delete(k);
    if (next.item === null) p.delete('item');
    else if (next.item) p.set('item', next.item);
    setParams(p, { replace: !next.tab });
  };
  const refresh = () => client.invalidateQueries({ queryKey: REVIEW_KEY });
  const reviewer = summary.data?.reviewer ?? false;
  return (
    <ListPage
      testId="audit-page"
      className="kos-page"
      title={t('title')}
      intro={t('intro')}
      toolbar={
        <Button theme="solid" onClick={() => setCreating(true)} data-testid="review-new">
          {t('new')}
        </Button>
      }
    >
      <Tabs activeKey={scope} onChange={(key) => go({ tab: key as ReviewScope, item: null })} type="line">
        <Tabs.TabPane tab={t('tabs.mine')} itemKey="mine" />
        {reviewer && (
          <Tabs.TabPane
            tab={<span data-testid="tab-queue">{t('tabs.queue', { count: summary.data?.queue ?? 0 })}</span>}
            itemKey="queue"
          />
        )}
        {reviewer && <Tabs.TabPane tab={t('tabs.all')} itemKey="all" />}
      </Tabs>
      <div className="review-layout" data-open={openId ? 'true' : 'false'}>
        <div className="review-list">
          <ListStates
            query={list}
            isEmpty={(page) => page.list.length === 0}
            emptyText={scope === 'queue' ? t('emptyQueue') : t('empty')}
          />
          {list.data?.list.map((i) => (
            <button
              type="button"
              key={i.itemId}
              className="list-card review-row"
              data-active={openId === i.itemId ? 'true' : 'false'}
              onClick={() => go({ item: i.itemId })}
              data-testid="review-row"
            >
              <span className="list-card-title">
                <StatusTag status={i.status} />
                {i.title}
              </span>
              <span className="list-card-meta">
                <span>{t(`kinds.${i.kind}`)}</span>
                <span>{t('by', { name: i.authorName })}</span>
                <span>{formatDate(i.updatedAt, true)}</span>
              </span>
            </button>
          ))}
        </div>
        {openId ? (
          <ItemDetail itemId={openId} onBack={() => go({ item: null })} onChanged={refresh} />
        ) : (
          <div className="review-detail review-detail-empty">{t('pick')}</div>
        )}
      </div>
      {creating && (
        <ItemForm
          item={null}
          prefill={prefill}
          onClose={() => setCreating(false)}
          onSaved={(itemId) => {
            void refresh();
            go({ tab: 'mine', item: itemId });
          }}
        />
      )}
    </ListPage>
  );
}

function ItemDetail({ itemId, onBack, onChanged }: { itemId: string; onBack: () => void; onChanged: () => void }) {
  const { t } = useTranslation(['review', 'common']);
  const client = useQueryClient();
  const item = useQuery({ queryKey: [...REVIEW_KEY, 'item', itemId], queryFn: () => reviewApi.get(itemId) });
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const confirm = useConfirmedAction();
  const reload = async () => {
    await client.invalidateQueries({ queryKey: REVIEW_KEY });
    onChanged();
  };
  const act = async (action: ReviewAction) => {
    setBusy(action);
    try {
      await reviewApi.act(itemId, action, comment.trim());
      setComment('');
      Toast.success(t(`done.${action}`));
      await reload();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const postComment = async () => {
    setBusy('comment');
    try {
      await reviewApi.comment(itemId, comment.trim());
      setComment('');
      Toast.success(t('commented'));
      await reload();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const remove = () =>
    confirm({
      title: t('deleteConfirm'),
      successText: t('deleted'),
      action: async () => {
        await reviewApi.remove(itemId);
        onBack();
        await reload();
      },
    });
  if (item.isLoading) return <Spin />;
  if (item.error) return <ErrorState error={item.error} onRetry={() => item.refetch()} />;
  const d = item.data as ReviewItemDetail;
  const decides = d.actions.some((a) => a === 'approve' || a === 'reject');
  return (
    <section className="review-detail" data-testid="review-detail" data-status={d.status}>
      <div className="list-page-toolbar">
        <Button size="small" onClick={onBack}>
          ‹ {t('back')}
        </Button>
        <StatusTag status={d.status} />
        <Tag>{t(`kinds.${d.kind}`)}</Tag>
        {d.accountLabel && <Tag color="blue">{d.accountLabel}</Tag>}
      </div>
      <h3 data-testid="review-title">{d.title}</h3>
      <div className="list-card-meta">
        {t('by', { name: d.authorName })} · {formatDate(d.createdAt, true)}
      </div>
      {d.body && <div className="review-body">{d.body}</div>}
      <div className="review-actions">
        {d.editable && (
          <Button onClick={() => setEditing(true)} data-testid="review-edit">
            {t('edit')}
          </Button>
        )}
        {d.actions.map((a) => (
          <Button
            key={a}
            theme={a === 'approve' || a === 'submit' ? 'solid' : 'light'}
            type={a === 'reject' ? 'danger' : 'primary'}
            loading={busy === a}
            onClick={() => act(a)}
            data-testid={`review-${a}`}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
        {(d.editable || decides) && (
          <Button type="danger" theme="borderless" onClick={remove}>
            {t('delete')}
          </Button>
        )}
      </div>
      <h4>{t('comments')}</h4>
      {d.comments.length === 0 && <div className="list-card-meta">{t('noComments')}</div>}
      <ol className="review-comments">
        {d.comments.map((c) => (
          <li key={c.commentId} className="review-comment" data-action={c.action ?? undefined} data-testid="review-comment">
            <div className="list-card-meta">
              <strong>{c.authorName}</strong>
              <span>{formatDate(c.createdAt, true)}</span>
              {c.action && <Tag size="small">{t(`actions.${c.action}`)}</Tag>}
              {c.fromStatus && c.toStatus && (
                <span>{t('moved', { from: t(`statuses.${c.fromStatus}`), to: t(`statuses.${c.toStatus}`) })}</span>
              )}
            </div>
            {c.body && <div className="review-body">{c.body}</div>}
          </li>
        ))}
      </ol>
      <TextArea
        value={comment}
        onChange={setComment}
        rows={3}
        maxLength={2000}
        placeholder={decides ? t('decisionComment') : t('commentPlaceholder')}
        data-testid="review-comment-input"
      />
      <div className="review-actions">
        <Button disabled={!comment.trim()} loading={busy === 'comment'} onClick={postComment} data-testid="review-comment-send">
          {t('comment')}
        </Button>
      </div>
      {editing && <ItemForm item={d} onClose={() => setEditing(false)} onSaved={() => void reload()} />}
    </section>
  );
}

function ItemForm({
  item,
  prefill,
  onClose,
  onSaved,
}: {
  item: ReviewItemDetail | null;
  prefill?: { kind: ItemInput['kind']; title: string; body: string } | null;
  onClose: () => void;
  onSaved: (itemId: string) => void;
}) {
  const { t } = useTranslation(['review', 'kos', 'common']);
  const accounts = useQuery({ queryKey: [...KOS_KEY, 'accounts'], queryFn: kosApi.accounts });
  const [form, set, bind] = useFormFields<ItemInput>({
    kind: item?.kind ?? prefill?.kind ?? 'idea',
    title: (item?.title ?? prefill?.title ?? '').slice(0, 200),
    body: (item?.body ?? prefill?.body ?? '').slice(0, 20000),
    accountId: item?.accountId ? Number(item.accountId) : null,
  });
  const save = async () => {
    if (!item) return (await reviewApi.create(form)).itemId;
    await reviewApi.update(item.itemId, form);
    return item.itemId;
  };
  return (
    <FormModal
      title={item ? t('editTitle') : t('newTitle')}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      okText={t('save')}
      cancelText={t('cancel')}
      canSubmit={!!form.title.trim()}
      okTestId="review-save"
    >
      <Field label={t('kind')}>
        <Select
          value={form.kind}
          onChange={(v) => set('kind', v as ItemInput['kind'])}
          optionList={(['idea', 'content'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Field>
      <Field label={t('itemTitle')}>
        <Input {...bind('title')} maxLength={200} data-testid="review-title-input" />
      </Field>
      <Field label={t('body')}>
        <TextArea {...bind('body')} maxLength={20000} rows={6} data-testid="review-body-input" />
      </Field>
      <Field label={t('account')}>
        <Select
          value={form.accountId ?? 0}
          onChange={(v) => set('accountId', Number(v) || null)}
          optionList={[
            { value: 0, label: t('noAccount') },
            ...(accounts.data ?? []).map((a) => ({
              value: Number(a.accountId),
              label: `${t(`kos:platforms.${a.platform}`)} @${a.handle}`,
            })),
          ]}
        />
      </Field>
    </FormModal>
  );
}
