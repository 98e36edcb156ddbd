import { Banner, Button, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { Compliance, ComplianceHit } from './verdict.ts';
import './compliance.css';

/** A text with the compliance engine's hits marked (offsets into `text`). */
export function HighlightedText({ text, hits, testId }: { text: string; hits: ComplianceHit[]; testId?: string }) {
  if (!hits.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const hit of [...hits].sort((a, b) => a.start - b.start)) {
    if (hit.start < at) continue;
    if (hit.start > at) parts.push(text.slice(at, hit.start));
    parts.push(
      <mark
        key={`${hit.start}-${hit.end}`}
        className={`compliance-mark compliance-mark-${hit.level}`}
        title={hit.reason}
        data-testid={testId ?? 'compliance-mark'}
        data-level={hit.level}
      >
        {text.slice(hit.start, hit.end)}
      </mark>,
    );
    at = hit.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * The verdict under a written text: each hit with its reason and a one-click replacement (or
 * delete) where the rules give one, and "rewrite safely" (the writer is asked again, the hits
 * named). Nothing while the text is clean.
 */
export function ComplianceHits({
  verdict,
  onReplace,
  onRewrite,
  busy,
}: {
  verdict: Compliance;
  onReplace?: (hit: ComplianceHit) => void;
  onRewrite?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('compliance');
  if (verdict.level === 'ok') return null;
  return (
    <Banner
      type={verdict.level === 'block' ? 'danger' : 'warning'}
      fullMode={false}
      closeIcon={null}
      className="compliance-hits"
      data-testid="compliance-hits"
      data-level={verdict.level}
      title={t('summary', { count: verdict.hits.length })}
      description={
        <div>
          <ul className="compliance-hit-list">
            {verdict.hits.map((hit) => (
              <li key={`${hit.start}-${hit.end}`} data-testid="compliance-hit" data-rule={hit.rule}>
                <Tag color={hit.level === 'block' ? 'red' : 'orange'} size="small">
                  {t(`levels.${hit.level}`)}
                </Tag>{' '}
                <Typography.Text strong>{hit.text}</Typography.Text>{' '}
                <Typography.Text type="tertiary" size="small">
                  {hit.reason}
                </Typography.Text>{' '}
                {onReplace && hit.suggestion !== undefined ? (
                  <Button
                    size="small"
                    theme="light"
                    disabled={busy}
                    onClick={() => onReplace(hit)}
                    data-testid="compliance-replace"
                  >
                    {hit.suggestion ? t('replace', { text: hit.suggestion }) : t('remove')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {onRewrite ? (
            <Button size="small" theme="solid" disabled={busy} onClick={onRewrite} data-testid="compliance-rewrite">
              {t('rewriteSafely')}
            </Button>
          ) : null}
        </div>
      }
    />
  );
}
