import { Button, Input, InputNumber, Select, Spin, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { formatTime, TEAM_KEY, teamApi } from './teamApi.ts';

/** The enterprise points pool: balance, allowances to members, points taken back, the pool ledger. */
export function PointsPanel() {
  const { t } = useTranslation(['team', 'errors']);
  const runAction = useAction();
  const client = useQueryClient();
  const pool = useQuery({ queryKey: [...TEAM_KEY, 'points'], queryFn: () => teamApi.points({ pageNum: 1, pageSize: 50 }) });
  const members = useQuery({
    queryKey: [...TEAM_KEY, 'members', 'all'],
    queryFn: () => teamApi.members({ pageNum: 1, pageSize: 100 }),
  });
  const [userId, setUserId] = useState<string | undefined>();
  const [amount, setAmount] = useState<number>(100);
  const [note, setNote] = useState('');
  const names = new Map(members.data?.list.map((m) => [m.userId, m.userName]) ?? []);
  const move = async (fn: typeof teamApi.allocate) => {
    if (!userId || !note.trim() || !amount) return;
    await runAction(async () => {
      await fn({ userId, amount, note: note.trim() });
      Toast.success(t('points.done'));
      await client.invalidateQueries({ queryKey: TEAM_KEY });
    });
  };
  return (
    <div data-testid="points-pool">
      {pool.isLoading && <Spin />}
      {pool.error && <ErrorState error={pool.error} onRetry={() => pool.refetch()} />}
      {pool.data && (
        <>
          <h3 data-testid="pool-balance">{t('points.balance', { count: pool.data.balance })}</h3>
          <p className="team-muted">{t('points.intro')}</p>
          <div className="team-toolbar">
            <Select
              value={userId}
              onChange={(v) => setUserId(v as string)}
              placeholder={t('points.member')}
              filter
              style={{ width: 200 }}
              optionList={members.data?.list.map((m) => ({ value: m.userId, label: `${m.userName} (${m.points})` })) ?? []}
            />
            <InputNumber
              value={amount}
              min={1}
              onChange={(v) => setAmount(Number(v) || 0)}
              aria-label={t('points.amount')}
              style={{ width: 120 }}
            />
            <Input value={note} onChange={setNote} placeholder={t('points.note')} maxLength={200} style={{ width: 200 }} />
            <Button theme="solid" disabled={!userId || !note.trim()} onClick={() => move(teamApi.allocate)}>
              {t('points.allocate')}
            </Button>
            <Button disabled={!userId || !note.trim()} onClick={() => move(teamApi.reclaim)}>
              {t('points.reclaim')}
            </Button>
          </div>
          <h4>{t('points.ledger')}</h4>
          {pool.data.list.length === 0 && <EmptyState text={t('points.empty')} />}
          <div className="team-rows">
            {pool.data.list.map((row) => (
              <div className="team-row" key={row.id}>
                <span className="team-row-main">
                  {t(`points.reasons.${row.reason}`, { defaultValue: row.reason })}
                  {row.userId && <span className="team-muted"> · {names.get(row.userId) ?? row.userId}</span>}
                  {row.note && <div className="team-muted">{row.note}</div>}
                </span>
                <strong>{row.delta > 0 ? `+${row.delta}` : row.delta}</strong>
                <span>{row.balanceAfter}</span>
                <span className="team-muted">{formatTime(row.createdAt)}</span>
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
