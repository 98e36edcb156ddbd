import { Empty, Table } from '@douyinfe/semi-ui-19';
import { formatDate, type LedgerEntry } from '@productimage/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_KEYS, memberApi } from './memberQueries.ts';

const PAGE_SIZE = 10;

/** Every change of the balance, newest first (YYYY/MM/DD HH:mm), with the tool or reason behind it. */
export function PointsHistory() {
  const { t } = useTranslation(['points', 'tasks']);
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [...MEMBER_KEYS.ledger, pageNum],
    queryFn: () => memberApi.ledger(pageNum, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  // The reason, and what the points went to or came back from (a tool, the agent), issue 31.
  const label = (row: LedgerEntry) => {
    const reason = row.reason === 'refund' && row.refType === 'order' ? t('orderRefund') : t(`reasons.${row.reason}`);
    // A batch's item charges (or refunds) are one line naming the batch and its tool (issue 41).
    if (row.refType === 'batch') {
      const tool = row.tool ? t(`tasks:biz_${row.tool}`) : '';
      return `${reason} · ${t('batchLine', { tool, count: row.count, batch: row.refId.slice(0, 8) })}`;
    }
    return row.tool ? `${reason} · ${t(`tasks:biz_${row.tool}`)}` : reason;
  };
  const columns = [
    {
      title: t('date'),
      dataIndex: 'createdAt',
      render: (v: number) => <span data-testid="ledger-time">{formatDate(v, true)}</span>,
    },
    {
      title: t('detail'),
      dataIndex: 'reason',
      render: (_: unknown, row: LedgerEntry) => <span data-testid="ledger-reason">{label(row)}</span>,
    },
    {
      title: t('change'),
      dataIndex: 'delta',
      render: (v: number) => (
        <span className={v > 0 ? 'ledger-plus' : 'ledger-minus'} data-testid="ledger-delta">
          {v > 0 ? `+${v}` : v}
        </span>
      ),
    },
    { title: t('balanceAfter'), dataIndex: 'balanceAfter' },
  ];
  return (
    <Table
      data-testid="points-history"
      rowKey="id"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isLoading}
      empty={<Empty description={t('empty')} />}
      pagination={
        (query.data?.total ?? 0) > PAGE_SIZE
          ? { currentPage: pageNum, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPageNum }
          : false
      }
    />
  );
}
