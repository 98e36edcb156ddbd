import { Button, Input, InputNumber, Pagination, Select, Spin, Toast } from '@douyinfe/semi-ui-19';
import { TEAM_ROLES, type TeamRole, TIERS, type Tier } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY, type ConsoleUser, consoleApi } from './consoleApi.ts';

const PAGE = 20;

function UserActions({
  user,
  platform,
  tenants,
  onDone,
}: {
  user: ConsoleUser;
  platform: boolean;
  tenants: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['console', 'team', 'member', 'errors']);
  const runAction = useAction();
  const [amount, setAmount] = useState(1000);
  const [note, setNote] = useState('');
  const [validity, setValidity] = useState<number | undefined>();
  const [role, setRole] = useState<TeamRole>(user.role);
  const [tenantId, setTenantId] = useState(user.tenantId);
  const [tier, setTier] = useState<Exclude<Tier, 'free'>>('basic');
  const [tierNote, setTierNote] = useState('');
  const [monthly, setMonthly] = useState(100000);
  const [months, setMonths] = useState(12);
  const run = async (fn: () => Promise<unknown>, message = t('saved')) => {
    await runAction(async () => {
      await fn();
      Toast.success(message);
      onDone();
    });
  };
  return (
    <div className="console-editor">
      <div className="console-toolbar">
        <InputNumber
          value={amount}
          min={1}
          onChange={(v) => setAmount(Number(v) || 0)}
          aria-label={t('users.amount')}
          suffix={t('units.points')}
          style={{ width: 120 }}
        />
        <Input
          value={note}
          onChange={setNote}
          placeholder={t('users.reason')}
          maxLength={200}
          style={{ width: 220 }}
          data-testid="grant-note"
        />
        <InputNumber
          value={validity}
          min={1}
          onChange={(v) => setValidity(v ? Number(v) : undefined)}
          placeholder={t('users.validity')}
          suffix={t('units.days')}
          style={{ width: 160 }}
        />
        <Button
          theme="solid"
          disabled={!note.trim() || !amount}
          onClick={() =>
            run(() => consoleApi.grant(user.id, { amount, note: note.trim(), validityDays: validity }), t('users.granted'))
          }
        >
          {t('users.grant')}
        </Button>
      </div>
      <div className="console-toolbar">
        <Select
          value={role}
          onChange={(v) => setRole(v as TeamRole)}
          optionList={TEAM_ROLES.map((r) => ({ value: r, label: t(`team:roles.${r}`) }))}
          style={{ width: 120 }}
        />
        {platform && (
          <Select
            value={tenantId}
            onChange={(v) => setTenantId(v as string)}
            optionList={tenants.map((id) => ({ value: id, label: id }))}
            style={{ width: 160 }}
          />
        )}
        <Button
          onClick={() => run(() => consoleApi.setTeam(user.id, { role, ...(tenantId !== user.tenantId ? { tenantId } : {}) }))}
        >
          {t('users.setRole')}
        </Button>
      </div>
      <div className="console-toolbar">
        <Select
          value={tier}
          onChange={(v) => setTier(v as Exclude<Tier, 'free'>)}
          optionList={TIERS.filter((x) => x !== 'free').map((x) => ({ value: x, label: t(`member:tiers.${x}`) }))}
          aria-label={t('users.tier')}
          style={{ width: 140 }}
        />
        <InputNumber
          value={months}
          min={1}
          max={36}
          onChange={(v) => setMonths(Number(v) || 1)}
          aria-label={t('users.months')}
          suffix={t('units.months')}
          style={{ width: 90 }}
        />
        <Input value={tierNote} onChange={setTierNote} placeholder={t('users.reason')} maxLength={200} style={{ width: 200 }} />
        <Button
          disabled={!tierNote.trim()}
          onClick={() => run(() => consoleApi.grantTier(user.id, { tier, months: Math.min(months, 36), note: tierNote.trim() }))}
        >
          {t('users.giveTier')}
        </Button>
      </div>
      <div className="console-toolbar">
        <InputNumber
          value={monthly}
          min={1}
          onChange={(v) => setMonthly(Number(v) || 0)}
          aria-label={t('users.monthlyPoints')}
          suffix={t('units.points')}
          style={{ width: 140 }}
        />
        <InputNumber
          value={months}
          min={1}
          max={120}
          onChange={(v) => setMonths(Number(v) || 1)}
          aria-label={t('users.months')}
          suffix={t('units.months')}
          style={{ width: 90 }}
        />
        <Button
          disabled={!user.account}
          onClick={() => run(() => consoleApi.enterprise({ account: user.account, monthlyPoints: monthly, months, value: 0 }))}
        >
          {t('users.enterprise')}
        </Button>
      </div>
    </div>
  );
}

export function UsersPanel({ platform }: { platform: boolean }) {
  const { t } = useTranslation(['console', 'team', 'member']);
  const client = useQueryClient();
  const [pageNum, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const users = useQuery({
    queryKey: [...CONSOLE_KEY, 'users', pageNum, search],
    queryFn: () => consoleApi.users({ pageNum, pageSize: PAGE, keyword: search || undefined }),
  });
  const tenants = useQuery({ queryKey: [...CONSOLE_KEY, 'tenants'], queryFn: consoleApi.tenants, enabled: platform });
  return (
    <div data-testid="console-users">
      <div className="console-toolbar">
        <Input
          value={keyword}
          onChange={setKeyword}
          placeholder={t('users.search')}
          style={{ maxWidth: 260 }}
          onEnterPress={() => setSearch(keyword.trim())}
        />
      </div>
      {users.isLoading && <Spin />}
      {users.error && <ErrorState error={users.error} onRetry={() => users.refetch()} />}
      <div className="console-rows">
        {users.data?.list.map((u) => (
          <div className="console-row" key={u.id}>
            <div className="console-row-head">
              <span className="console-row-main">
                <strong>{u.userName}</strong> <span className="console-muted">{u.phone ?? u.email}</span>
                <div className="console-muted">
                  {t('users.tenant')}: {u.tenantId} · {t('users.tier')}: {t(`member:tiers.${u.tier}`, { defaultValue: u.tier })} ·{' '}
                  {t('users.points')}: {u.points} · {t(`team:roles.${u.role}`)}
                </div>
              </span>
              <Button size="small" onClick={() => setOpen(open === u.id ? null : u.id)}>
                {t('edit')}
              </Button>
            </div>
            {open === u.id && (
              <UserActions
                user={u}
                platform={platform}
                tenants={tenants.data?.map((x) => x.id) ?? []}
                onDone={() => client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'users'] })}
              />
            )}
          </div>
        ))}
      </div>
      {!!users.data && users.data.total > PAGE && (
        <Pagination total={users.data.total} pageSize={PAGE} currentPage={pageNum} onPageChange={setPage} />
      )}
    </div>
  );
}
