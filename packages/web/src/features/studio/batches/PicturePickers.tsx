import { Modal, Spin, Toast } from '@douyinfe/semi-ui-19';
import { ErrorState, errorText } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOODS_KEY, goodsApi } from '../goods/goodsApi.ts';
import { taskApi } from '../tasks/taskApi.ts';
import { BATCHES_KEY } from './batchesApi.ts';

/** Picked keys, toggled one at a time. */
function usePicked() {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return { chosen, toggle, clear: () => setChosen(new Set()) };
}

/** The pickers' body: loading, an error with retry, the empty text, then the thumbnails to toggle. */
function PickGrid<T>(props: {
  query: { isLoading: boolean; error: unknown; data: unknown; refetch: () => unknown };
  items: T[];
  empty: string;
  keyOf: (item: T) => string;
  chosen: Set<string>;
  onToggle: (key: string) => void;
  thumb: (item: T) => { src: string; alt: string; caption?: string; referrerPolicy?: 'no-referrer' };
  testId?: string;
}) {
  const { query } = props;
  return (
    <>
      {query.isLoading && <Spin />}
      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && props.items.length === 0 ? <div className="batch-meta">{props.empty}</div> : null}
      <div className="batch-picker">
        {props.items.map((item) => {
          const key = props.keyOf(item);
          const { src, alt, caption, referrerPolicy } = props.thumb(item);
          return (
            <button
              type="button"
              key={key}
              className="batch-pick"
              data-selected={props.chosen.has(key) ? 'true' : 'false'}
              onClick={() => props.onToggle(key)}
              title={caption ? alt : undefined}
              data-testid={props.testId}
            >
              <img src={src} alt={alt} loading="lazy" referrerPolicy={referrerPolicy} />
              {caption && <span className="batch-pick-name">{caption}</span>}
            </button>
          );
        })}
      </div>
    </>
  );
}

/**
 * Products of the library picked as the batch's pictures: the server turns each product's picture
 * links into inputs (POST /api/goods/:goodsId/pictures: own files as they are, shop links fetched,
 * checked and stored); pictures it cannot use are named with the reason.
 */
export function GoodsPicturesPicker(props: {
  open: boolean;
  onClose: () => void;
  onPick: (files: Array<{ name: string; url: string }>) => void;
}) {
  const { t } = useTranslation(['batches', 'errors']);
  const { chosen, toggle, clear } = usePicked();
  const [adding, setAdding] = useState(false);
  const goods = useQuery({ queryKey: [...GOODS_KEY, ''], queryFn: () => goodsApi.list(''), enabled: props.open });
  const withPictures = (goods.data ?? []).filter((g) => g.images.length > 0);
  const add = async () => {
    setAdding(true);
    const picked: Array<{ name: string; url: string }> = [];
    try {
      for (const goodsId of chosen) {
        const { pictures, failed } = await goodsApi.pictures(goodsId);
        picked.push(...pictures);
        for (const f of failed) Toast.warning(t('uploadFailed', { name: f.source, message: f.message }));
      }
      props.onPick(picked);
      clear();
    } catch (error) {
      if (picked.length > 0) props.onPick(picked);
      Toast.error(errorText(error, t));
    } finally {
      setAdding(false);
    }
  };
  return (
    <Modal
      visible={props.open}
      title={t('fromGoods')}
      onCancel={props.onClose}
      onOk={() => void add()}
      okText={t('addGoods', { count: chosen.size })}
      okButtonProps={{ loading: adding, disabled: chosen.size === 0, 'data-testid': 'batch-goods-add' } as object}
      width={720}
    >
      <PickGrid
        query={goods}
        items={withPictures}
        empty={t('noGoods')}
        keyOf={(g) => g.goodsId}
        chosen={chosen}
        onToggle={toggle}
        thumb={(g) => ({
          src: g.images[0] ?? '',
          alt: g.name,
          caption: t('goodsPictures', { name: g.name, count: g.images.length }),
          referrerPolicy: 'no-referrer',
        })}
        testId="batch-goods-item"
      />
    </Modal>
  );
}

/** Earlier results (completed picture tasks) picked as the batch's pictures: the server takes the caller's outputs as inputs. */
export function ResultsPicker(props: {
  open: boolean;
  onClose: () => void;
  onPick: (files: Array<{ name: string; url: string }>) => void;
}) {
  const { t } = useTranslation('batches');
  const { chosen, toggle, clear } = usePicked();
  const results = useQuery({
    queryKey: [...BATCHES_KEY, 'results'],
    queryFn: () => taskApi.list({ status: 'completed', pageNum: 1, pageSize: 60 }),
    enabled: props.open,
  });
  const outputs = (results.data?.list ?? []).flatMap((task) =>
    task.outputs
      .filter((o) => o.type === 'image')
      .map((o, i) => ({ url: o.url, name: `${task.bizType.toLowerCase()}-${task.taskId.slice(0, 8)}-${i + 1}.png` })),
  );
  return (
    <Modal
      visible={props.open}
      title={t('fromResults')}
      onCancel={props.onClose}
      onOk={() => {
        props.onPick(outputs.filter((o) => chosen.has(o.url)));
        clear();
      }}
      okText={t('addPicked', { count: chosen.size })}
      width={720}
    >
      <PickGrid
        query={results}
        items={outputs}
        empty={t('noResults')}
        keyOf={(o) => o.url}
        chosen={chosen}
        onToggle={toggle}
        thumb={(o) => ({ src: o.url, alt: o.name })}
      />
    </Modal>
  );
}
