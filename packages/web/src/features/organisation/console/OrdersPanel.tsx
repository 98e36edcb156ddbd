import { Button, Input, Pagination, Spin, Toast } from '@douyinfe/semi-ui-19';
import { formatDate, formatYuan } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY, consoleApi } from './consoleApi.ts';

/** Paid status (spec 000 §3: 1 paid); only paid orders can be refunded. */
const PAID = 1;

/** The tenant's orders, newest first, with refunds of paid ones (a reason is required). */
export function OrdersPanel() {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const [pageNum, setPage] = useState(1);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const orders = useQuery({ queryKey: [...CONSOLE_KEY, 'orders', pageNum], queryFn: () => consoleApi.orders(pageNum) });
  const refund = (orderNo: string) =>
    act(async () => {
      await consoleApi.refund(orderNo, note.trim());
      Toast.success(t('orders.refunded'));
      setRefunding(null);
      setNote('');
      await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'orders'] });
    });
  if (orders.isLoading) return <Spin />;
  if (orders.error) return <ErrorState error={orders.error} onRetry={() => orders.refetch()} />;
  return (
    <div data-testid="console-orders">
      <div className="console-rows">
        {orders.data?.list.length === 0 && <p className="console-muted">{t('none')}</p>}
        {orders.data?.list.map((o) => (
          <div className="console-row" key={o.orderNo}>
            <div className="console-row-head">
              <span className="console-row-main">
                <strong>{o.name}</strong> <span className="console-muted">{o.orderNo}</span>
                <div className="console-muted">
                  ¥{formatYuan(o.amount)} · {o.statusName} · {o.userId} · {formatDate(o.createdAt, true)}
                </div>
              </span>
              {o.status === PAID && refunding !== o.orderNo && (
                <Button size="small" type="danger" onClick={() => setRefunding(o.orderNo)}>
                  {t('orders.refund')}
                </Button>
              )}
            </div>
            {refunding === o.orderNo && (
              <div className="console-toolbar">
                <Input
                  value={note}
                  onChange={setNote}
                  placeholder={t('orders.refundNote')}
                  maxLength={200}
                  style={{ width: 240 }}
                />
                <Button type="danger" theme="solid" disabled={!note.trim()} onClick={() => refund(o.orderNo)}>
                  {t('orders.refund')}
                </Button>
                <Button onClick={() => setRefunding(null)}>{t('cancel')}</Button>
              </div>
            )}
          </div>
        ))}
      </div>
      {!!orders.data && orders.data.total > 20 && (
        <Pagination total={orders.data.total} pageSize={20} currentPage={pageNum} onPageChange={setPage} />
      )}
    </div>
  );
}
