import { Button, Card, Typography } from '@douyinfe/semi-ui-19';
import { formatYuan, type MembershipProducts, type PackagePeriod, type Tier, tierRank } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { BenefitList } from './BenefitList.tsx';

interface Props {
  data: MembershipProducts;
  period: PackagePeriod;
  busy: string | null;
  /** Mobile: cards inform, buying happens on desktop. */
  canBuy: boolean;
  onBuy: (productId: string) => void;
}

/** One card per tier (free and the paid tiers) with its benefits and the package of the chosen period. */
export function PackageCards({ data, period, busy, canBuy, onBuy }: Props) {
  const { t } = useTranslation('member');
  const currentTier = data.current?.tier ?? 'free';
  const tiers = data.tiers.filter((x) => x.tier !== 'enterprise');
  return (
    <div className="member-cards">
      {tiers.map(({ tier, monthlyPoints, benefits }) => {
        const product = data.packages.find((p) => p.tier === tier && p.period === period);
        const quote = product ? data.quotes.find((q) => q.productId === product.id) : undefined;
        const isCurrent = tier === currentTier;
        return (
          <Card
            key={tier}
            className={`member-card${isCurrent ? ' current' : ''}`}
            data-testid={`tier-card-${tier}`}
            title={<TierTitle tier={tier} current={isCurrent} />}
          >
            <div className="member-price">
              {product ? (
                <>
                  <span className="price">¥{formatYuan(product.price)}</span>
                  <span className="unit">{period === 'monthly' ? t('monthly') : t('annual')}</span>
                </>
              ) : (
                <span className="price">¥0</span>
              )}
            </div>
            <div className="member-points">
              {tier === 'free' ? t('perMonthFree') : t('perMonth', { count: product?.points ?? monthlyPoints })}
            </div>
            <BenefitList benefits={benefits} />
            {product && canBuy && (
              <BuyButton
                tier={tier}
                currentTier={currentTier}
                productId={product.id}
                price={product.price}
                amount={quote?.amount ?? product.price}
                blockedBy={quote?.blockedBy ?? null}
                busy={busy === product.id}
                onBuy={onBuy}
              />
            )}
          </Card>
        );
      })}
    </div>
  );
}

function TierTitle({ tier, current }: { tier: Tier; current: boolean }) {
  const { t } = useTranslation('member');
  return (
    <div className="member-card-title">
      <span>{t(`tiers.${tier}`)}</span>
      {current && <span className="member-badge">{t('current')}</span>}
    </div>
  );
}

interface BuyProps {
  tier: Tier;
  currentTier: Tier;
  productId: string;
  price: number;
  amount: number;
  blockedBy: string | null;
  busy: boolean;
  onBuy: (productId: string) => void;
}

function BuyButton({ tier, currentTier, productId, price, amount, blockedBy, busy, onBuy }: BuyProps) {
  const { t } = useTranslation('member');
  if (blockedBy) {
    return (
      <Typography.Text type="tertiary" size="small" data-testid={`blocked-${productId}`}>
        {blockedBy === 'downgradeNotAllowed' ? t('lowerTier') : t('creditTooHigh')}
      </Typography.Text>
    );
  }
  const label =
    tier === currentTier
      ? t('renew')
      : currentTier !== 'free' && tierRank(tier) > tierRank(currentTier)
        ? t('upgrade')
        : t('buy');
  return (
    <div className="member-buy">
      {amount !== price && <div className="member-pay-amount">{t('payAmount', { amount: formatYuan(amount) })}</div>}
      <Button theme="solid" block loading={busy} onClick={() => onBuy(productId)} data-testid={`buy-${productId}`}>
        {label}
      </Button>
    </div>
  );
}
