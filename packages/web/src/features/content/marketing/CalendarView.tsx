import { Button, Checkbox, CheckboxGroup, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { CALENDAR_FETCH_DEBOUNCE_MS, CALENDAR_TYPES, type CalendarDay, type CalendarType } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marketingApi } from './marketingApi.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The month waits CALENDAR_FETCH_DEBOUNCE_MS after the last change before it is fetched (spec 001 §4). */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Month view of the marketing calendar with type filters; picking a day offers an idea report. */
export function CalendarView({ onUseDay, initialTypes }: { onUseDay?(day: CalendarDay): void; initialTypes?: CalendarType[] }) {
  const { t } = useTranslation(['marketing', 'common']);
  const now = new Date();
  const [month, setMonth] = useState({ year: now.getFullYear(), month: now.getMonth() + 1 });
  const [types, setTypes] = useState<CalendarType[]>(initialTypes ?? [...CALENDAR_TYPES]);
  const [selected, setSelected] = useState<string | null>(null);
  const wanted = useDebounced({ ...month, types }, CALENDAR_FETCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['marketing', 'calendar', wanted.year, wanted.month, wanted.types.join(',')],
    queryFn: () => marketingApi.calendar(wanted.year, wanted.month, wanted.types),
  });
  const byDay = useMemo(() => new Map((query.data ?? []).map((d) => [d.day, d])), [query.data]);
  const first = new Date(month.year, month.month - 1, 1).getDay();
  const days = new Date(month.year, month.month, 0).getDate();
  const cells: Array<number | null> = [...Array(first).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const move = (delta: number) => {
    const d = new Date(month.year, month.month - 1 + delta, 1);
    setMonth({ year: d.getFullYear(), month: d.getMonth() + 1 });
    setSelected(null);
  };
  const chosen = selected ? byDay.get(selected) : undefined;
  const today = `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`;

  return (
    <div className="mkt-calendar" data-testid="calendar">
      <div className="mkt-calendar-bar">
        <Button onClick={() => move(-1)} aria-label={t('calendar.prev')} data-testid="calendar-prev">
          ‹
        </Button>
        <Typography.Title heading={5} data-testid="calendar-month">
          {month.year}/{pad(month.month)}
        </Typography.Title>
        <Button onClick={() => move(1)} aria-label={t('calendar.next')} data-testid="calendar-next">
          ›
        </Button>
        <CheckboxGroup direction="horizontal" value={types} onChange={(v) => setTypes(v as CalendarType[])}>
          {CALENDAR_TYPES.map((type) => (
            <Checkbox key={type} value={type} data-testid={`calendar-type-${type}`}>
              {t(`calendar.types.${type}`)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        {query.isFetching ? <Spin size="small" /> : null}
      </div>
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      <div className="mkt-calendar-grid">
        {t('calendar.weekdays')
          .split(',')
          .map((w) => (
            <div key={w} className="mkt-calendar-head">
              {w}
            </div>
          ))}
        {cells.map((d, i) => {
          if (d === null) return <div key={`blank-${i}`} className="mkt-calendar-cell empty" />;
          const key = `${month.year}/${pad(month.month)}/${pad(d)}`;
          const entry = byDay.get(key);
          const holiday = entry?.entries.find((e) => e.holiday)?.holiday;
          return (
            <button
              type="button"
              key={key}
              className={`mkt-calendar-cell${selected === key ? ' selected' : ''}${key === today ? ' today' : ''}`}
              onClick={() => setSelected(key)}
              data-testid={`day-${key}`}
            >
              <span className="mkt-day-number">
                {d}
                {holiday ? (
                  <span className={`mkt-holiday ${holiday}`}>
                    {t(holiday === 'off' ? 'calendar.holidayOff' : 'calendar.holidayWork')}
                  </span>
                ) : null}
              </span>
              {entry?.entries
                .filter(
                  (e) =>
                    !(
                      e.holiday &&
                      e.type === 'festival' &&
                      entry.entries.some((o) => o !== e && o.name.startsWith(e.name.slice(0, 2)))
                    ),
                )
                .slice(0, 3)
                .map((e) => (
                  <span key={`${e.type}-${e.name}`} className={`mkt-entry ${e.type}`}>
                    {e.name}
                  </span>
                ))}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div className="mkt-day-detail" data-testid="day-detail">
          <Typography.Title heading={6}>{selected}</Typography.Title>
          {chosen ? (
            <>
              {chosen.entries.map((e) => (
                <div key={`${e.type}-${e.name}`} className="mkt-day-entry">
                  <Tag>{t(`calendar.types.${e.type}`)}</Tag> {e.name}
                  {e.desc ? <Typography.Paragraph type="tertiary">{e.desc}</Typography.Paragraph> : null}
                </div>
              ))}
              {onUseDay ? (
                <Button theme="solid" onClick={() => onUseDay(chosen)} data-testid="use-day">
                  {t('calendar.useDay')}
                </Button>
              ) : null}
            </>
          ) : (
            <Typography.Text type="tertiary">{t('calendar.noEntries')}</Typography.Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
