import { Spin } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAvailability } from '../../app/shell/availability.ts';
import { CONSOLE_KEY, consoleApi } from './consoleApi.ts';

/**
 * The configured engines, what they make, and the health of engines with servers of their own; then
 * the tools this install cannot run yet, each with the settings that would turn it on.
 */
export function EnginesPanel() {
  const { t } = useTranslation(['console', 'tasks']);
  const waiting = <WaitingTools />;
  const engines = useQuery({ queryKey: [...CONSOLE_KEY, 'engines'], queryFn: consoleApi.engines, refetchInterval: 30_000 });
  if (engines.isLoading) return <Spin />;
  if (engines.error) return <ErrorState error={engines.error} onRetry={() => engines.refetch()} />;
  const data = engines.data;
  const textEngine = (
    <p>
      <Link to="/text-engine">{t('engines.textEngine')}</Link>
    </p>
  );
  if (!data?.engines.length)
    return (
      <div>
        <p>{t('engines.none')}</p>
        {textEngine}
        {waiting}
      </div>
    );
  const health = new Map(data.health.map((h) => [h.name, h.servers]));
  return (
    <div className="console-rows" data-testid="console-engines">
      {textEngine}
      {data.engines.map((e) => {
        const servers = health.get(e.name);
        return (
          <div className="console-row" key={e.name}>
            <strong title={e.name}>{t(`engines.names.${e.name}`, { defaultValue: e.name })}</strong>
            <div className="console-muted">
              {t('engines.bizTypes')}: {e.bizTypes.map((b) => t(`tasks:biz_${b}`, { defaultValue: b })).join(' / ')}
            </div>
            <div>
              {t('engines.health')}:{' '}
              {servers
                ? servers.map((s) =>
                    s.reachable ? (
                      <div key={s.server}>{t('engines.reachable', { n: s.server, queue: s.queue ?? '-', active: s.active })}</div>
                    ) : (
                      <div key={s.server} style={{ color: 'var(--semi-color-danger)' }}>
                        {t('engines.unreachable', { n: s.server })}
                      </div>
                    ),
                  )
                : t('engines.noServers')}
            </div>
          </div>
        );
      })}
      {waiting}
    </div>
  );
}

/** Each tool no engine makes here, and the settings (FASHN_API_KEY, ...) any one of which turns it on. */
function WaitingTools() {
  const { t } = useTranslation(['console', 'tasks']);
  const { availability } = useAvailability();
  const entries = Object.entries(availability?.enablers ?? {});
  if (entries.length === 0) return null;
  return (
    <div className="console-row" data-testid="console-waiting-tools">
      <strong>{t('engines.waiting')}</strong>
      <div className="console-muted">{t('engines.waitingHint')}</div>
      {entries.map(([bizType, keys]) => (
        <div key={bizType} data-testid={`waiting-${bizType}`}>
          {t(`tasks:biz_${bizType}`, { defaultValue: bizType })}:{' '}
          {keys.map((key, i) => (
            <span key={key}>
              {i > 0 && ' / '}
              <code>{key}</code>
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
