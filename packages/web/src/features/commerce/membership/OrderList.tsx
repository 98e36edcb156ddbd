import { Button, Empty, Modal, Table, Tag, Toast } from '@douyinfe/semi-ui-19';
import { formatDate, formatYuan, OPEN_ORDER_STATUSES, type Order } from '@productimage/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_KEYS, memberApi, useRefreshMember } from './memberQueries.ts';

const PAGE_SIZE = 10;
const COLORS: Record<string, 'blue' | 'green' | 'red' | 'grey' | 'orange'> = {
  pendingPayment: 'blue',
  processing: 'orange',
  success: 'green',
  failed: 'red',
  refunded: 'grey',
};

/** The user's orders: number, name, amount, status and what can be done (pay or cancel an open one). */
export function OrderList({ onPay }: { onPay: (orderNo: string) => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const refresh = useRefreshMember();
  const [pageNum, setPageNum] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...MEMBER_KEYS.orders, pageNum],
    queryFn: () => memberApi.orders(pageNum, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const cancel = async (orderNo: string) => {
    try {
      await memberApi.cancelOrder(orderNo);
      Toast.success(t('cancelled'));
      await refresh();
    } catch (error) {
      Toast.error((error as Error).message);
    }
  };
  const columns = [
    { title: t('orderNo'), dataIndex: 'orderNo', render: (v: string) => <span data-testid="order-no">{v}</span> },
    { title: t('name'), dataIndex: 'name' },
    { title: t('amount'), dataIndex: 'amount', render: (v: number) => t('yuan', { amount: formatYuan(v) }) },
    {
      title: t('status'),
      dataIndex: 'statusName',
      render: (v: string) => (
        <Tag color={COLORS[v] ?? 'grey'} data-testid="order-status">
          {t(`statusNames.${v}`)}
        </Tag>
      ),
    },
    { title: t('createdAt'), dataIndex: 'createdAt', render: (v: number) => formatDate(v, true) },
    {
      title: t('operation'),
      dataIndex: 'operation',
      render: (_: unknown, order: Order) =>
        OPEN_ORDER_STATUSES.includes(order.status) ? (
          <span className="member-order-ops">
            <Button size="small" theme="solid" onClick={() => onPay(order.orderNo)} data-testid="order-pay">
              {t('pay')}
            </Button>
            <Button size="small" type="danger" onClick={() => setConfirming(order.orderNo)} data-testid="order-cancel">
              {t('cancel')}
            </Button>
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <Table
        data-testid="order-list"
        rowKey="orderNo"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading}
        empty={<Empty description={t('empty')} />}
        onRow={(order?: Order) => ({ 'data-testid': `order-row-${order?.orderNo}` }) as Record<string, string>}
        pagination={
          (query.data?.total ?? 0) > PAGE_SIZE
            ? { currentPage: pageNum, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPageNum }
            : false
        }
      />
      {/* The confirm dialog of spec 000 §9 (332 px). */}
      <Modal
        visible={confirming !== null}
        width={332}
        title={t('cancelConfirm')}
        okText={t('common:yes')}
        cancelText={t('common:no')}
        okButtonProps={{ 'data-testid': 'order-cancel-confirm' } as Record<string, string>}
        onOk={async () => {
          const orderNo = confirming;
          setConfirming(null);
          if (orderNo) await cancel(orderNo);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
