import { Button, Checkbox, Input, InputNumber, Spin, Toast } from '@douyinfe/semi-ui-19';
import { formatYuan } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { FormField } from '../../app/shell/FormField.tsx';
import { CONSOLE_KEY, consoleApi, type Product, type ProductBody } from './consoleApi.ts';

function ProductEditor({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  // The form edits the body (points may be cleared: null derives them again).
  const [form, setForm] = useState<ProductBody & Pick<Product, 'id' | 'name'>>(product);
  const save = () =>
    act(async () => {
      const { id, name: _name, ...body } = form;
      await consoleApi.saveProduct(id, {
        kind: body.kind,
        tier: body.tier,
        period: body.period,
        nameZh: body.nameZh,
        nameEn: body.nameEn,
        price: body.price,
        points: body.points,
        validityDays: body.validityDays,
        active: body.active,
        sort: body.sort,
      });
      Toast.success(t('saved'));
      onDone();
    });
  return (
    <div className="console-editor">
      <div className="console-toolbar">
        <Input
          value={form.nameZh}
          onChange={(nameZh) => setForm({ ...form, nameZh })}
          placeholder={t('products.nameZh')}
          style={{ width: 160 }}
        />
        <Input
          value={form.nameEn}
          onChange={(nameEn) => setForm({ ...form, nameEn })}
          placeholder={t('products.nameEn')}
          style={{ width: 160 }}
        />
      </div>
      <div className="console-toolbar">
        <FormField label={t('products.price')}>
          {(id) => (
            <InputNumber
              id={id}
              value={form.price}
              min={0}
              onChange={(v) => setForm({ ...form, price: Number(v) || 0 })}
              suffix={t('units.fen')}
              style={{ width: 140 }}
            />
          )}
        </FormField>
        <FormField label={t('products.points')}>
          {(id) => (
            <InputNumber
              id={id}
              value={form.points ?? undefined}
              min={1}
              onChange={(v) => setForm({ ...form, points: v ? Number(v) : null })}
              suffix={t('units.points')}
              style={{ width: 140 }}
            />
          )}
        </FormField>
        <FormField label={t('products.validityDays')}>
          {(id) => (
            <InputNumber
              id={id}
              value={form.validityDays ?? undefined}
              min={1}
              onChange={(v) => setForm({ ...form, validityDays: v ? Number(v) : null })}
              suffix={t('units.days')}
              style={{ width: 110 }}
            />
          )}
        </FormField>
        <FormField label={t('products.sort')}>
          {(id) => (
            <InputNumber
              id={id}
              value={form.sort}
              min={0}
              onChange={(v) => setForm({ ...form, sort: Number(v) || 0 })}
              style={{ width: 90 }}
            />
          )}
        </FormField>
        <Checkbox checked={form.active} onChange={(e) => setForm({ ...form, active: !!e.target.checked })}>
          {t('products.active')}
        </Checkbox>
      </div>
      <div className="console-toolbar">
        <Button theme="solid" onClick={save}>
          {t('save')}
        </Button>
        <Button onClick={onDone}>{t('cancel')}</Button>
      </div>
    </div>
  );
}

/** Membership products and prices (the platform's: platform operators only). */
export function ProductsPanel({ platform }: { platform: boolean }) {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  const products = useQuery({ queryKey: [...CONSOLE_KEY, 'products'], queryFn: consoleApi.products, enabled: platform });
  const [editing, setEditing] = useState<string | null>(null);
  if (!platform) return <p className="console-muted">{t('products.platformOnly')}</p>;
  if (products.isLoading) return <Spin />;
  if (products.error) return <ErrorState error={products.error} onRetry={() => products.refetch()} />;
  const done = async () => {
    setEditing(null);
    await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'products'] });
  };
  return (
    <div className="console-rows" data-testid="console-products">
      {products.data?.map((p) => (
        <div className="console-row" key={p.id}>
          <div className="console-row-head">
            <span className="console-row-main">
              <strong>{p.name}</strong> <span className="console-muted">{p.id}</span>
              <div className="console-muted">
                {p.kind} {p.tier ?? ''} {p.period ?? ''} · ¥{formatYuan(p.price)} · {p.points ?? '-'} ·{' '}
                {p.active ? t('products.active') : '-'}
              </div>
            </span>
            {editing !== p.id && (
              <Button size="small" onClick={() => setEditing(p.id)}>
                {t('edit')}
              </Button>
            )}
          </div>
          {editing === p.id && <ProductEditor product={p} onDone={done} />}
        </div>
      ))}
    </div>
  );
}
