import { Modal, Spin, Toast } from '@douyinfe/semi-ui-19';
import { ErrorState, errorText } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOODS_KEY, goodsApi } from '../goods/goodsApi.ts';
import { taskApi } from '../tasks/taskApi.ts';
import { BATCHES_KEY } from './batchesApi.ts';

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
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const goods = useQuery({ queryKey: [...GOODS_KEY, ''], queryFn: () => goodsApi.list(''), enabled: props.open });
  const withPictures = (goods.data ?? []).filter((g) => g.images.length > 0);
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
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
      setChosen(new Set());
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
      {goods.isLoading && <Spin />}
      {goods.error && <ErrorState error={goods.error} onRetry={() => goods.refetch()} />}
      {goods.data && withPictures.length === 0 && <div className="batch-meta">{t('noGoods')}</div>}
      <div className="batch-picker">
        {withPictures.map((g) => (
          <button
            type="button"
            key={g.goodsId}
            className="batch-pick"
            data-selected={chosen.has(g.goodsId) ? 'true' : 'false'}
            onClick={() => toggle(g.goodsId)}
            title={g.name}
            data-testid="batch-goods-item"
          >
            <img src={g.images[0]} alt={g.name} loading="lazy" referrerPolicy="no-referrer" />
            <span className="batch-pick-name">{t('goodsPictures', { name: g.name, count: g.images.length })}</span>
          </button>
        ))}
      </div>
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
  const [chosen, setChosen] = useState<Set<string>>(new Set());
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
  const toggle = (url: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  return (
    <Modal
      visible={props.open}
      title={t('fromResults')}
      onCancel={props.onClose}
      onOk={() => {
        props.onPick(outputs.filter((o) => chosen.has(o.url)));
        setChosen(new Set());
      }}
      okText={t('addPicked', { count: chosen.size })}
      width={720}
    >
      {results.isLoading && <Spin />}
      {results.error && <ErrorState error={results.error} onRetry={() => results.refetch()} />}
      {results.data && outputs.length === 0 && <div className="batch-meta">{t('noResults')}</div>}
      <div className="batch-picker">
        {outputs.map((o) => (
          <button
            type="button"
            key={o.url}
            className="batch-pick"
            data-selected={chosen.has(o.url) ? 'true' : 'false'}
            onClick={() => toggle(o.url)}
          >
            <img src={o.url} alt={o.name} loading="lazy" />
          </button>
        ))}
      </div>
    </Modal>
  );
}
