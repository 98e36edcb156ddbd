import { Button, Input, Modal, Popconfirm, Spin, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState, errorText } from '@productimage/kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOODS_KEY, type Goods, goodsApi } from './goodsApi.ts';
import './goods.css';

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** /goods and /mott-knowledge (the same screen; login and vip): products with the keyword filter over name plus intro. */
export default function GoodsPage() {
  const { t } = useTranslation(['goods', 'common']);
  const client = useQueryClient();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  // Filtering as the user types, without a request per key press.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const goods = useQuery({
    queryKey: [...GOODS_KEY, keyword],
    queryFn: () => goodsApi.list(keyword),
    placeholderData: keepPreviousData,
  });

  const remove = async (g: Goods) => {
    try {
      await goodsApi.remove(g.goodsId);
      Toast.success(t('common:deleted'));
      await client.invalidateQueries({ queryKey: GOODS_KEY });
    } catch (error) {
      Toast.error(errorText(error, t));
    }
  };

  return (
    <div className="goods-page" data-testid="goods-page">
      <h2>{t('title')}</h2>
      <p className="goods-intro">{t('intro')}</p>
      <div className="goods-toolbar">
        <Input
          value={input}
          onChange={setInput}
          placeholder={t('keywordPlaceholder')}
          showClear
          maxLength={100}
          data-testid="goods-keyword"
        />
        <Button theme="solid" onClick={() => setEditing('new')} data-testid="goods-new">
          {t('newGoods')}
        </Button>
      </div>
      {goods.isLoading && <Spin />}
      {goods.error && <ErrorState error={goods.error} onRetry={() => goods.refetch()} />}
      {goods.data?.length === 0 && (
        <EmptyState text={keyword ? t('emptyFilter', { keyword }) : t('empty')} testId="goods-empty" />
      )}
      <div className="goods-grid">
        {goods.data?.map((g) => (
          <article className="goods-card" key={g.goodsId} data-testid="goods-card">
            {g.images[0] && <img src={g.images[0]} alt="" referrerPolicy="no-referrer" />}
            <h3>{g.name}</h3>
            {g.price && <b className="goods-price">¥{g.price}</b>}
            <p>{g.intro}</p>
            <ul>
              {g.sellingPoints.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <small>{t('updatedAt', { date: formatDate(g.updatedAt) })}</small>
            <div className="goods-actions">
              <Button size="small" onClick={() => setEditing(g)}>
                {t('edit')}
              </Button>
              <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(g)}>
                <Button size="small" type="danger">
                  {t('delete')}
                </Button>
              </Popconfirm>
            </div>
          </article>
        ))}
      </div>
      {editing && (
        <GoodsForm
          goods={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: GOODS_KEY })}
        />
      )}
    </div>
  );
}

function GoodsForm({ goods, onClose, onSaved }: { goods?: Goods; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['goods', 'common']);
  const [name, setName] = useState(goods?.name ?? '');
  const [intro, setIntro] = useState(goods?.intro ?? '');
  const [points, setPoints] = useState(goods?.sellingPoints.join('\n') ?? '');
  const [price, setPrice] = useState(goods?.price ?? '');
  const [images, setImages] = useState(goods?.images.join('\n') ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const input = {
      name: name.trim(),
      intro: intro.trim(),
      sellingPoints: lines(points),
      price: price.trim(),
      images: lines(images),
    };
    try {
      if (goods) await goodsApi.update(goods.goodsId, input);
      else await goodsApi.create(input);
      Toast.success(t('saved'));
      onSaved();
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t(goods ? 'editGoods' : 'newGoods')}
      visible
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      okButtonProps={{ disabled: !name.trim(), loading: busy, 'data-testid': 'goods-save' } as object}
    >
      <div className="goods-form">
        <Input value={name} onChange={setName} placeholder={t('name')} maxLength={100} data-testid="goods-name" />
        <TextArea value={intro} onChange={setIntro} placeholder={t('goodsIntro')} maxLength={2000} data-testid="goods-intro" />
        <TextArea value={points} onChange={setPoints} placeholder={t('sellingPoints')} rows={3} />
        <Input value={price} onChange={setPrice} placeholder={t('price')} maxLength={30} />
        <TextArea value={images} onChange={setImages} placeholder={t('images')} rows={2} />
      </div>
    </Modal>
  );
}
