import { Button, Card } from '@douyinfe/semi-ui-19';
import { formatYuan, type Product } from '@productimage/core';
import { useTranslation } from 'react-i18next';

interface Props {
  topups: Product[];
  busy: string | null;
  canBuy: boolean;
  onBuy: (productId: string) => void;
}

/** Top-up packs: spendable at once, first in the spend order, valid for their days. */
export function TopupPacks({ topups, busy, canBuy, onBuy }: Props) {
  const { t } = useTranslation('member');
  return (
    <div className="member-topups">
      {topups.map((p) => (
        <Card key={p.id} className="member-topup" data-testid={`topup-${p.id}`}>
          <div className="member-topup-points">{t('topupPoints', { count: p.points })}</div>
          <div className="member-topup-price">¥{formatYuan(p.price)}</div>
          <div className="member-topup-validity">{t('topupValidity', { days: p.validityDays })}</div>
          {canBuy && (
            <Button theme="solid" block loading={busy === p.id} onClick={() => onBuy(p.id)} data-testid={`buy-${p.id}`}>
              {t('buy')}
            </Button>
          )}
        </Card>
      ))}
    </div>
  );
}
