import { Button, Input, Popconfirm, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, splitList, useFormFields } from '../../../shared/FormModal.tsx';
import { ListCard, ListGrid, ListPage, ListStates } from '../../../shared/ListPage.tsx';
import { GOODS_KEY, type Goods, goodsApi } from './goodsApi.ts';
import './goods.css';
import { useAction } from '../../../shared/useAction.ts';

/** /goods and /mott-knowledge (the same screen; login and vip): products with the keyword filter over name plus intro. */
export default function GoodsPage() {
  const { t } = useTranslation(['goods', 'common']);
  const act = useAction();
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

  const remove = (g: Goods) =>
    act(async () => {
      await goodsApi.remove(g.goodsId);
      Toast.success(t('common:deleted'));
      await client.invalidateQueries({ queryKey: GOODS_KEY });
    });

  return (
    <ListPage
      testId="goods-page"
      className="goods-page"
      title={t('title')}
      intro={t('intro')}
      toolbar={
        <>
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
        </>
      }
    >
      <ListStates query={goods} emptyText={keyword ? t('emptyFilter', { keyword }) : t('empty')} emptyTestId="goods-empty" />
      <ListGrid className="goods-grid">
        {goods.data?.map((g) => (
          <ListCard
            className="goods-card"
            key={g.goodsId}
            testId="goods-card"
            actions={
              <>
                <Button size="small" onClick={() => setEditing(g)}>
                  {t('edit')}
                </Button>
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(g)}>
                  <Button size="small" type="danger">
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </>
            }
          >
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
          </ListCard>
        ))}
      </ListGrid>
      {editing && (
        <GoodsForm
          goods={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: GOODS_KEY })}
        />
      )}
    </ListPage>
  );
}

function GoodsForm({ goods, onClose, onSaved }: { goods?: Goods; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['goods', 'common']);
  const [form, , bind] = useFormFields({
    name: goods?.name ?? '',
    intro: goods?.intro ?? '',
    points: goods?.sellingPoints.join('\n') ?? '',
    price: goods?.price ?? '',
    images: goods?.images.join('\n') ?? '',
  });
  const save = async () => {
    const input = {
      name: form.name.trim(),
      intro: form.intro.trim(),
      sellingPoints: splitList(form.points),
      price: form.price.trim(),
      images: splitList(form.images),
    };
    if (goods) await goodsApi.update(goods.goodsId, input);
    else await goodsApi.create(input);
  };
  return (
    <FormModal
      title={t(goods ? 'editGoods' : 'newGoods')}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      successText={t('saved')}
      okText={t('save')}
      canSubmit={!!form.name.trim()}
      okTestId="goods-save"
    >
      <Input {...bind('name')} placeholder={t('name')} maxLength={100} data-testid="goods-name" />
      <TextArea {...bind('intro')} placeholder={t('goodsIntro')} maxLength={2000} data-testid="goods-intro" />
      <TextArea {...bind('points')} placeholder={t('sellingPoints')} rows={3} />
      <Input {...bind('price')} placeholder={t('price')} maxLength={30} />
      <TextArea {...bind('images')} placeholder={t('images')} rows={2} />
    </FormModal>
  );
}
