import { Button, Modal, Select, TabPane, Tabs, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { HotspotPlatform } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFileInput } from '../../../shared/TableFileInput.tsx';
import { useBusyAction } from '../../../shared/useAction.ts';
import { marketingApi } from './marketingApi.ts';

type Row = { title: string; url?: string; hot?: string };

/** Lines of pasted titles: one item per non-empty line. */
export function parsePaste(text: string): Row[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((title) => ({ title: title.slice(0, 200) }));
}

/** A link list: `title https://...` or a bare link (then the link is the title). */
export function parseLinks(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /(https?:\/\/\S+)/i.exec(line);
    if (!m?.[1]) continue;
    const title = line.replace(m[1], '').trim() || m[1];
    rows.push({ title: title.slice(0, 200), url: m[1] });
  }
  return rows;
}

/** Import of hot topics: paste, CSV/XLSX file (read by the server) or a link list. */
export function ImportModal({
  visible,
  initialPlatform,
  onClose,
  onDone,
}: {
  visible: boolean;
  initialPlatform: HotspotPlatform;
  onClose(): void;
  onDone(platform: HotspotPlatform): void;
}) {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  // The platform the merchant is looking at (issue 41: it opened on 我的导入 whatever the tab).
  const [platform, setPlatform] = useState<HotspotPlatform>(initialPlatform);
  const [mode, setMode] = useState<'paste' | 'file' | 'links'>('paste');
  const [paste, setPaste] = useState('');
  const [links, setLinks] = useState('');
  const [fileRows, setFileRows] = useState<Row[]>([]);
  const { busy, run } = useBusyAction();
  const rows = mode === 'paste' ? parsePaste(paste) : mode === 'links' ? parseLinks(links) : fileRows;

  const readFile = async (file: File) => {
    const read = await run(async () => setFileRows((await marketingApi.readFile(file)).items));
    if (!read) setFileRows([]);
  };

  const submit = async () => {
    if (!rows.length) {
      Toast.warning(t('import.nothing'));
      return;
    }
    await run(async () => {
      const { imported } = await marketingApi.importItems(platform, rows);
      Toast.success(t('import.done', { count: imported }));
      onDone(platform);
    });
  };

  return (
    <Modal
      title={t('import.title')}
      visible={visible}
      onCancel={onClose}
      footer={
        <Button theme="solid" loading={busy} onClick={submit} data-testid="import-submit">
          {t('import.submit')}
        </Button>
      }
    >
      <div className="mkt-field">
        <Typography.Text>{t('import.platform')}</Typography.Text>
        <Select
          value={platform}
          onChange={(v) => setPlatform(v as HotspotPlatform)}
          style={{ width: 200 }}
          data-testid="import-platform"
        >
          {(['xiaohongshu', 'import', 'douyin', 'weibo'] as const).map((p) => (
            <Select.Option key={p} value={p}>
              {t(`hot.platforms.${p}`)}
            </Select.Option>
          ))}
        </Select>
      </div>
      <Tabs activeKey={mode} onChange={(k) => setMode(k as typeof mode)} type="button">
        <TabPane tab={t('import.paste')} itemKey="paste">
          <TextArea
            value={paste}
            onChange={setPaste}
            rows={6}
            placeholder={t('import.pastePlaceholder')}
            data-testid="import-paste"
          />
        </TabPane>
        <TabPane tab={t('import.file')} itemKey="file">
          <TableFileInput onFile={(file) => void readFile(file)} testId="import-file" />
        </TabPane>
        <TabPane tab={t('import.links')} itemKey="links">
          <TextArea
            value={links}
            onChange={setLinks}
            rows={6}
            placeholder={t('import.linksPlaceholder')}
            data-testid="import-links"
          />
        </TabPane>
      </Tabs>
      <Typography.Text type="tertiary">{t('import.preview', { count: rows.length })}</Typography.Text>
    </Modal>
  );
}
