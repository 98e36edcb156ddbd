import { allRecords, type BaseRecord, defaultChoice, type FieldChoice, type FieldMeta } from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  checkRows,
  type Decision,
  markRows,
  prepareReviewFields,
  REVIEW_TYPES,
  type ReviewChoices,
  ReviewFieldError,
  type ReviewFields,
  reviewStatus,
  reviewText,
  type StatusLabels,
  type Verdict,
  verdictLabel,
  writeDecision,
} from './review.ts';

/** The row's text with the compliance engine's hits marked. */
function MarkedText({ text, verdict }: { text: string; verdict: Verdict | undefined }) {
  if (!verdict?.hits.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const hit of verdict.hits) {
    if (hit.start < at) continue;
    parts.push(text.slice(at, hit.start));
    parts.push(
      <mark key={hit.start} title={hit.reason} data-testid="audit-hit" data-level={hit.level}>
        {text.slice(hit.start, hit.end)}
      </mark>,
    );
    at = hit.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * Row-by-row review of generated texts in the current table: the selected record's text, approve
 * or reject with a comment, written back to the chosen fields (created when missing). Keys: A, R,
 * J/↓, K/↑, C.
 */
export function AuditPage() {
  const { base, t, user, api } = usePlugin();
  const errorText = useErrorText();
  const labels: StatusLabels = useMemo(
    () => ({ approved: t('audit.approved'), rejected: t('audit.rejected'), pending: t('audit.pending') }),
    [t],
  );
  const [tableId, setTableId] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldMeta[]>([]);
  const [choices, setChoices] = useState<ReviewChoices | null>(null);
  const [records, setRecords] = useState<BaseRecord[]>([]);
  const [index, setIndex] = useState(-1);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const resolved = useRef<ReviewFields | null>(null);
  const [verdicts, setVerdicts] = useState<Map<string, Verdict>>(new Map());
  const verdictLevels = useMemo(
    () => ({ ok: t('audit.verdict.ok'), warn: t('audit.verdict.warn'), block: t('audit.verdict.block') }),
    [t],
  );
  const commentBox = useRef<HTMLTextAreaElement>(null);

  const load = useCallback(
    async (selectedRecord?: string | null) => {
      const selection = await base.selection();
      if (!selection.tableId) return setTableId(null);
      const [metas, rows] = await Promise.all([base.fields(selection.tableId), allRecords(base, selection.tableId)]);
      setTableId(selection.tableId);
      setFields(metas);
      setRecords(rows);
      setChoices(
        (current) =>
          current ?? {
            text: defaultChoice(
              metas.filter((f) => f.type === REVIEW_TYPES.text[0]),
              ['文案', '内容', 'Text', 'Content'],
            ),
            status: defaultChoice(metas, [t('audit.statusName')]),
            reviewer: defaultChoice(metas, [t('audit.reviewerName')]),
            time: defaultChoice(metas, [t('audit.timeName')]),
            comment: defaultChoice(metas, [t('audit.commentName')]),
          },
      );
      const wanted = selectedRecord ?? selection.recordId;
      setIndex(wanted ? rows.findIndex((r) => r.recordId === wanted) : -1);
    },
    [base, t],
  );

  useEffect(() => {
    void load().catch((e) => setMessage({ ok: false, text: errorText(e) }));
    return base.onSelectionChange((selection) => {
      const wanted = selection.recordId;
      if (!wanted) return;
      // A record of the table already read: just move there (a big table is not read again per click).
      const at = rowsRef.current.findIndex((r) => r.recordId === wanted);
      if (at >= 0 && selection.tableId === tableRef.current) {
        setIndex(at);
        setComment('');
        setMessage(null);
      } else void load(wanted).catch((e) => setMessage({ ok: false, text: errorText(e) }));
    });
  }, [base, load, errorText]);
  const rowsRef = useRef<BaseRecord[]>([]);
  const tableRef = useRef<string | null>(null);
  rowsRef.current = records;
  tableRef.current = tableId;

  // A text field must exist; choose the first text field when the defaults found none.
  const textChoice: FieldChoice =
    choices?.text.kind === 'existing'
      ? choices.text
      : { kind: 'existing', fieldId: fields.find((f) => f.type === REVIEW_TYPES.text[0])?.id ?? '' };
  const record = index >= 0 ? records[index] : undefined;

  const decide = useCallback(
    async (decision: Decision) => {
      if (!record || !tableId || !choices || busy) return;
      setBusy(true);
      setMessage(null);
      try {
        resolved.current ??= await prepareReviewFields(base, tableId, { ...choices, text: textChoice }, labels);
        await writeDecision(base, tableId, record.recordId, resolved.current, {
          decision,
          comment,
          reviewer: user?.name ?? '',
          labels,
        });
        const fresh = await base.record(tableId, record.recordId);
        setRecords((rows) => rows.map((r) => (r.recordId === fresh.recordId ? fresh : r)));
        setFields(await base.fields(tableId));
        setComment('');
        setMessage({ ok: true, text: t('audit.saved', { status: labels[decision] }) });
      } catch (e) {
        setMessage({ ok: false, text: e instanceof ReviewFieldError ? t(e.key, e.params) : errorText(e) });
      } finally {
        setBusy(false);
      }
    },
    [record, tableId, choices, busy, base, textChoice, labels, comment, user, t, errorText],
  );

  const move = useCallback(
    (step: number) => {
      setIndex((i) => Math.min(Math.max(i + step, 0), records.length - 1));
      setComment('');
      setMessage(null);
    },
    [records.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement;
      if (typing) {
        if (event.key === 'Escape') (event.target as HTMLElement).blur();
        return;
      }
      if (event.target instanceof HTMLSelectElement || event.metaKey || event.ctrlKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'a') void decide('approved');
      else if (key === 'r') void decide('rejected');
      else if (key === 'j' || event.key === 'ArrowDown') move(1);
      else if (key === 'k' || event.key === 'ArrowUp') move(-1);
      else if (key === 'c') {
        event.preventDefault();
        commentBox.current?.focus();
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, move]);

  // Every row is checked by the compliance engine when the table or its text field is read.
  // Checked again only when a text changes (a decision written to a row changes no text).
  const checkField = fields.find((f) => f.id === textChoice.fieldId);
  const texts = useMemo(
    () => (checkField ? records.map((r) => `${r.recordId}\u0001${reviewText(r, { text: checkField })}`).join('\u0002') : ''),
    [records, checkField],
  );
  const rowsToCheck = useRef({ records, checkField });
  rowsToCheck.current = { records, checkField };
  useEffect(() => {
    const { records: rows, checkField: field } = rowsToCheck.current;
    if (!texts || !field) return;
    let current = true;
    void checkRows(rows, field, (text) => api.POST('/api/compliance/check', { body: { text } }) as Promise<Verdict>)
      .then((found) => {
        if (current) setVerdicts(found);
      })
      .catch((e) => setMessage({ ok: false, text: errorText(e) }));
    return () => {
      current = false;
    };
  }, [texts, api, errorText]);

  if (!tableId || !choices) return <p className="plugin-muted">{t('frame.noTable')}</p>;
  const markAll = async () => {
    if (!tableId || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await markRows(base, tableId, t('audit.complianceName'), verdicts, verdictLevels);
      setFields(await base.fields(tableId));
      setMessage({ ok: true, text: t('audit.marked', { count: verdicts.size }) });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ReviewFieldError ? t(e.key, e.params) : errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const set = (key: keyof ReviewChoices) => (choice: FieldChoice) => {
    resolved.current = null;
    setChoices({ ...choices, [key]: choice });
  };
  const textField = fields.find((f) => f.id === textChoice.fieldId);
  const statusChoice = choices.status;
  const statusField = statusChoice.kind === 'existing' ? (fields.find((f) => f.id === statusChoice.fieldId) ?? null) : null;
  const status = record ? reviewStatus(record, resolved.current?.status ?? statusField, labels) : 'pending';

  return (
    <div className="plugin-stack" data-testid="audit">
      <details>
        <summary>{t('audit.setup')}</summary>
        <div className="plugin-stack">
          <FieldSelect
            label={t('audit.textField')}
            testId="field-text"
            fields={fields}
            types={[...REVIEW_TYPES.text]}
            value={textChoice}
            newName=""
            onChange={set('text')}
          />
          <FieldSelect
            label={t('audit.statusField')}
            testId="field-status"
            fields={fields}
            types={[...REVIEW_TYPES.status]}
            value={choices.status}
            newName={t('audit.statusName')}
            onChange={set('status')}
          />
          <FieldSelect
            label={t('audit.reviewerField')}
            fields={fields}
            types={[...REVIEW_TYPES.reviewer]}
            value={choices.reviewer}
            newName={t('audit.reviewerName')}
            optional
            onChange={set('reviewer')}
          />
          <FieldSelect
            label={t('audit.timeField')}
            fields={fields}
            types={[...REVIEW_TYPES.time]}
            value={choices.time}
            newName={t('audit.timeName')}
            optional
            onChange={set('time')}
          />
          <FieldSelect
            label={t('audit.commentField')}
            fields={fields}
            types={[...REVIEW_TYPES.comment]}
            value={choices.comment}
            newName={t('audit.commentName')}
            optional
            onChange={set('comment')}
          />
        </div>
      </details>
      {!record || !textField ? (
        <p className="plugin-muted" data-testid="audit-select">
          {t('audit.selectRecord')}
        </p>
      ) : (
        <>
          <p className="plugin-muted">
            {t('audit.position', { index: index + 1, total: records.length })} ·{' '}
            <span data-testid="audit-status">{labels[status]}</span>
          </p>
          <div className="plugin-card" data-testid="audit-text">
            {reviewText(record, { text: textField }) ? (
              <MarkedText text={reviewText(record, { text: textField })} verdict={verdicts.get(record.recordId)} />
            ) : (
              t('audit.empty')
            )}
          </div>
          {verdicts.get(record.recordId) ? (
            <p
              className={verdicts.get(record.recordId)?.level === 'ok' ? 'plugin-ok' : 'plugin-error'}
              data-testid="audit-compliance"
              data-level={verdicts.get(record.recordId)?.level}
            >
              {t('audit.complianceName')}: {verdictLabel(verdicts.get(record.recordId) as Verdict, verdictLevels)}
            </p>
          ) : null}
          <textarea
            ref={commentBox}
            placeholder={t('audit.comment')}
            aria-label={t('audit.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <div className="plugin-row">
            <button type="button" className="plugin-primary" disabled={busy} onClick={() => void decide('approved')}>
              {t('audit.approve')} <kbd>A</kbd>
            </button>
            <button type="button" className="plugin-danger" disabled={busy} onClick={() => void decide('rejected')}>
              {t('audit.reject')} <kbd>R</kbd>
            </button>
            <button type="button" disabled={index <= 0} onClick={() => move(-1)}>
              {t('audit.prev')}
            </button>
            <button type="button" disabled={index >= records.length - 1} onClick={() => move(1)}>
              {t('audit.next')}
            </button>
          </div>
        </>
      )}
      {message && (
        <p className={message.ok ? 'plugin-ok' : 'plugin-error'} role="status" data-testid="audit-message">
          {message.text}
        </p>
      )}
      {verdicts.size ? (
        <button type="button" disabled={busy} onClick={() => void markAll()} data-testid="audit-mark">
          {t('audit.markAll', { count: verdicts.size })}
        </button>
      ) : null}
      <p className="plugin-muted">{t('audit.shortcuts')}</p>
    </div>
  );
}
