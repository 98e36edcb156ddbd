import { useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { useState } from 'react';
import { COLUMNS, type Column, HOT_PLATFORMS, type HotRow, type HotSource, importHotRows, loadHotRows } from './hotRows.ts';

const NAME_KEYS: Record<Column, string> = {
  title: 'xinhong.colTitle',
  heat: 'xinhong.colHot',
  likes: 'xinhong.colLikes',
  collects: 'xinhong.colCollects',
  comments: 'xinhong.colComments',
  link: 'xinhong.colLink',
  platform: 'xinhong.colPlatform',
  source: 'xinhong.colSource',
  updated: 'xinhong.colUpdated',
};

/** Hot notes and their metrics from the product's hot lists into the current table, for analysis. */
export function XinhongPage() {
  const { api, base, t } = usePlugin();
  const errorText = useErrorText();
  const [source, setSource] = useState<HotSource>('xiaohongshu');
  const [rows, setRows] = useState<HotRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function load() {
    setBusy(true);
    setMessage(null);
    try {
      setRows(await loadHotRows(api, source));
    } catch (e) {
      setRows(null);
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!rows?.length) return;
    setBusy(true);
    setMessage(null);
    try {
      const { tableId } = await base.selection();
      if (!tableId) return setMessage({ ok: false, text: t('frame.noTable') });
      const names = Object.fromEntries(COLUMNS.map((c) => [c, t(NAME_KEYS[c])])) as Record<Column, string>;
      const result = await importHotRows(base, tableId, rows, names, Date.now(), (done, total) => setProgress({ done, total }));
      setMessage({ ok: true, text: t('xinhong.done', result) });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="plugin-stack" data-testid="xinhong">
      <label>
        {t('xinhong.platform')}
        <select data-testid="xinhong-source" value={source} onChange={(e) => setSource(e.target.value as HotSource)}>
          {HOT_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {t(`xinhong.platforms.${p}`)}
            </option>
          ))}
          <option value="notes">{t('xinhong.platforms.notes')}</option>
        </select>
      </label>
      <button type="button" disabled={busy} onClick={() => void load()}>
        {t('xinhong.load')}
      </button>
      {rows && (
        <>
          <p data-testid="xinhong-count">{t('xinhong.rows', { count: rows.length })}</p>
          <table className="plugin-table">
            <thead>
              <tr>
                <th>{t('xinhong.colTitle')}</th>
                <th>{t('xinhong.colHot')}</th>
                <th>{t('xinhong.colLikes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, 10).map((r) => (
                <tr key={`${r.link}|${r.title}`}>
                  <td>{r.title}</td>
                  <td>{r.heat ?? '—'}</td>
                  <td>{r.likes ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="plugin-primary"
            data-testid="xinhong-start"
            disabled={busy || !rows.length}
            onClick={() => void start()}
          >
            {t('xinhong.start')}
          </button>
        </>
      )}
      {progress && <progress className="plugin-progress" max={progress.total} value={progress.done} />}
      {message && (
        <p className={message.ok ? 'plugin-ok' : 'plugin-error'} role="status" data-testid="xinhong-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
