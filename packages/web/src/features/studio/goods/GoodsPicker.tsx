import { Select } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/accounts/session.ts';
import { GOODS_KEY, goodsApi } from './goodsApi.ts';

/**
 * For idea reports and content generation: picks a product and hands its productInfo text to the
 * form. Shown only to vip users (the product library is theirs); others see nothing.
 */
export function GoodsPicker({ onPick }: { onPick: (productInfo: string) => void }) {
  const { t } = useTranslation('goods');
  const { current } = useSession();
  const vip = !!current?.vipUser;
  const goods = useQuery({ queryKey: [...GOODS_KEY, ''], queryFn: () => goodsApi.list(''), enabled: vip });
  if (!vip) return null;
  return (
    <Select
      placeholder={t('pickerPlaceholder')}
      aria-label={t('pickerLabel')}
      loading={goods.isLoading}
      filter
      style={{ width: '100%' }}
      data-testid="goods-picker"
      optionList={(goods.data ?? []).map((g) => ({ value: g.goodsId, label: g.name }))}
      onChange={(id) => {
        const g = goods.data?.find((x) => x.goodsId === id);
        if (g) onPick(g.productInfo);
      }}
    />
  );
}
