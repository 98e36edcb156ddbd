import { IconDelete, IconDownload, IconRefresh } from '@douyinfe/semi-icons';
import { Button, Card, Modal, Popconfirm, Tag, Toast } from '@douyinfe/semi-ui-19';
import { CURRENT_USER_KEY } from '@productimage/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../shared/saveFile.ts';
import { useAction } from '../../../../shared/useAction.ts';
import { hasMatch, Snippet } from '../../knowledge/Snippet.tsx';
import { EngineLabel } from '../EngineLabel.tsx';
import { useTextEngine } from '../IdeaForm.tsx';
import { type Content, followContent, marketingApi } from '../marketingApi.ts';
import { ContentItemCard } from './ContentItemCard.tsx';
import { CONTENTS_KEY } from './useContents.ts';

/** One content task: live while any result is loading (streamed text per item), then its actions. */
export function ContentCard({ content }: { content: Content }) {
  const { t } = useTranslation(['marketing', 'common', 'errors', 'compliance']);
  const act = useAction();
  const client = useQueryClient();
  const engine = useTextEngine();
  const [view, setView] = useState(content);
  const [streams, setStreams] = useState<Record<string, string>>({});
  useEffect(() => setView(content), [content]);
  const loading = view.items.some((i) => i.status === 'loading');
  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    followContent(
      content.contentId,
      {
        snapshot: (next) => {
          setView(next);
          // The text already written when the stream (re)connects; deltas extend it.
          setStreams((s) => {
            const copy = { ...s };
            for (const item of next.items) if (item.streamedText && !copy[item.textId]) copy[item.textId] = item.streamedText;
            return copy;
          });
        },
        delta: (itemId, text) => setStreams((s) => ({ ...s, [itemId]: (s[itemId] ?? '') + text })),
      },
      controller.signal,
    )
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) void client.invalidateQueries({ queryKey: CONTENTS_KEY });
      });
    return () => controller.abort();
  }, [loading, content.contentId, client]);
  const refresh = () => void client.invalidateQueries({ queryKey: CONTENTS_KEY });
  const stop = () =>
    act(async () => {
      await marketingApi.stopContent(content.contentId);
      Toast.success(t('content.stopped'));
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      refresh();
    });
  // Continue generating (spec 001 §4): the stopped or failed results are written again, charged again.
  const proceed = () =>
    act(async () => {
      await marketingApi.continueContent(content.contentId);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      refresh();
    });
  const save = (override: boolean) =>
    act(async () => {
      const blob = await marketingApi.exportDocx(content.contentId, override);
      saveFile(blob, `${(view.idea?.title || t('content.exportTitle')).slice(0, 40)}.docx`);
    });
  // A post with a block-level compliance hit is exported only when the user confirms (recorded on the server).
  const blocked = [
    ...new Set(
      view.items
        .filter((i) => i.status === 'success')
        .flatMap((i) => i.compliance.hits.filter((h) => h.level === 'block').map((h) => h.text)),
    ),
  ];
  const exportDocx = () =>
    blocked.length
      ? Modal.confirm({
          title: t('compliance:blocked'),
          content: t('compliance:overrideConfirm', { words: blocked.join('、') }),
          okText: t('compliance:override'),
          okButtonProps: { type: 'danger', 'data-testid': 'compliance-override' } as never,
          cancelButtonProps: { 'data-testid': 'compliance-cancel' } as never,
          onOk: () => save(true),
        })
      : save(false);
  const remove = () =>
    act(async () => {
      await marketingApi.deleteContent(content.contentId);
      Toast.success(t('content.deleted'));
      refresh();
    });
  return (
    <Card
      className="mkt-content"
      data-testid="content-card"
      title={
        <span>
          {view.idea?.title || view.productInfo.slice(0, 30)}{' '}
          <Tag
            color={view.generation === 'completed' ? 'green' : view.generation === 'failed' ? 'grey' : 'blue'}
            data-testid="content-generation"
            data-generation={view.generation}
          >
            {t(`content.generation.${view.generation}`)}
          </Tag>{' '}
          <EngineLabel engine={view.engine} reason={engine.data?.offlineReason} />
        </span>
      }
      headerExtraContent={
        <span className="mkt-item-actions">
          {loading ? (
            <Button type="danger" onClick={stop} data-testid="content-stop">
              {t('content.stop')}
            </Button>
          ) : (
            <>
              {view.items.some((i) => i.status === 'stop' || i.status === 'fail') ? (
                <Button icon={<IconRefresh />} onClick={proceed} data-testid="content-continue">
                  {t('content.continue')}
                </Button>
              ) : null}
              <Button icon={<IconDownload />} onClick={exportDocx} data-testid="content-export">
                {t('content.export')}
              </Button>
            </>
          )}
          <Popconfirm title={t('content.deleteConfirm')} onConfirm={remove}>
            <Button
              icon={<IconDelete />}
              type="danger"
              theme="borderless"
              aria-label={t('content.delete')}
              data-testid="content-delete"
            />
          </Popconfirm>
        </span>
      }
    >
      <div className="mkt-items">
        {view.items.map((item) => (
          <ContentItemCard
            key={item.textId}
            content={view}
            item={item}
            streamed={streams[String(item.textId)] ?? item.streamedText ?? undefined}
            onChanged={refresh}
          />
        ))}
      </div>
      {!!view.sources?.length && (
        <div className="mkt-sources" data-testid="content-sources">
          <small>{t('knowledge:sourcesTitle')}</small>
          {view.sources.map((s) => (
            <div key={`${s.collectionId}-${s.text.slice(0, 20)}`}>
              <div title={s.text} data-testid="content-source">
                {s.sourceName}
              </div>
              {hasMatch(s.snippet) && <Snippet parts={s.snippet} testId="content-source-snippet" />}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
