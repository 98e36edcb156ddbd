import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Dropdown, Modal, Progress, Tag, Toast } from '@douyinfe/semi-ui-19';
import { DOWNLOAD_LONG_SIDE, downloadSize, isPaidTier } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuMotion } from '../../../shared/motion.ts';
import { useSession } from '../../identity/accounts/session.ts';
import { type Definition, DownloadBusyError, downloadOutput, isDownloading } from './download.ts';
import { downloadProgress } from './fakeProgress.ts';
import { outputFilename } from './outputs.ts';
import type { TaskOutput } from './taskApi.ts';
import { describeError } from './taskErrors.ts';
import { useRendersLarger } from './useEngineReady.ts';

interface Props {
  taskId: string;
  index: number;
  output: TaskOutput;
  /** Videos have a single definition: the file as rendered. */
  definitions?: Definition[];
  /** The task's business type: its engine may draw 2K again at 2048 px (useRendersLarger). */
  bizType?: string;
}

/** The picture's own pixel size, read from the browser's copy of it (null until loaded, and for videos). */
function useNaturalSize(url: string, enabled: boolean): [number, number] | null {
  const [size, setSize] = useState<[number, number] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const img = new Image();
    img.onload = () => setSize([img.naturalWidth, img.naturalHeight]);
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url, enabled]);
  return size;
}

/** The download window (spec 001 §9): the picture being prepared, its progress and definition. */
function DownloadWindow({ definition, bytes }: { definition: Definition; bytes: [number, number] }) {
  const { t } = useTranslation('tasks');
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const percent = downloadProgress(now - started, definition, bytes[0], bytes[1]);
  return (
    <Modal visible title={t('downloadWindowTitle')} footer={null} closable={false} width={400} centered>
      <div data-testid="download-window" data-definition={definition}>
        <p>{t('downloadWindowBody', { definition })}</p>
        <Progress percent={percent} showInfo aria-label={t('downloadWindowTitle')} data-testid="download-progress" />
      </div>
    </Modal>
  );
}

/**
 * Download in standard 1080P (everyone) or 2K (paid members), one download at a time. Each item
 * states the real size of its file (the server never enlarges: docs/engines.md "Output sizes").
 */
export function DownloadButton({ taskId, index, output, definitions = ['1080P', '2K'], bizType }: Props) {
  const { t } = useTranslation(['tasks', 'errors', 'tools']);
  const { current } = useSession();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [windowFor, setWindowFor] = useState<Definition | null>(null);
  const [bytes, setBytes] = useState<[number, number]>([0, 0]);
  const paid = isPaidTier(current?.benefitPackage.product.productType);
  const natural = useNaturalSize(output.url, definitions.length > 1);
  const drawnAgain = useRendersLarger(bizType);
  // 2K is offered only for a file the engine rendered at 2048 px or more, or one its engine draws
  // again at 2048 px for the download (issue 30): never an enlargement.
  const offered = definitions.filter(
    (d) => d !== '2K' || !natural || drawnAgain || Math.max(...natural) >= DOWNLOAD_LONG_SIDE['2K'],
  );
  const sizeOf = (definition: Definition, [w, h]: [number, number]): [number, number] => {
    const long = Math.max(w, h);
    // Drawn again at 2048 px for any definition it falls short of (QR art's 1024 px: 1080P is 1080 px).
    if (drawnAgain && long < DOWNLOAD_LONG_SIDE[definition]) {
      const k = DOWNLOAD_LONG_SIDE[definition] / long;
      return [Math.round(w * k), Math.round(h * k)];
    }
    return downloadSize(w, h, definition);
  };
  const no2k = definitions.includes('2K') && !offered.includes('2K');

  const run = async (definition: Definition) => {
    if (isDownloading()) {
      Toast.warning(t('errors:downloadBusy'));
      return;
    }
    if (definition === '2K' && !paid) {
      Toast.warning({
        content: (
          <span>
            {t('errors:hdNeedsMembership')}{' '}
            <Button theme="borderless" size="small" onClick={() => navigate('/member')}>
              {t('tasks:openMembership')}
            </Button>
          </span>
        ),
      });
      return;
    }
    setLoading(true);
    setBytes([0, 0]);
    setWindowFor(definition);
    try {
      await downloadOutput(taskId, index, definition, outputFilename(output, taskId, index, definition), (r, total) =>
        setBytes([r, total]),
      );
    } catch (error) {
      Toast.error(error instanceof DownloadBusyError ? t('errors:downloadBusy') : describeError(error, t).message);
    } finally {
      setLoading(false);
      setWindowFor(null);
    }
  };
  const downloadWindow = windowFor ? <DownloadWindow definition={windowFor} bytes={bytes} /> : null;

  if (definitions.length === 1) {
    return (
      <>
        <Button icon={<IconDownload />} loading={loading} onClick={() => run(definitions[0]!)} data-testid="download">
          {t('download')}
        </Button>
        {downloadWindow}
      </>
    );
  }
  return (
    <Dropdown
      trigger="click"
      position="topLeft"
      motion={menuMotion()}
      render={
        <Dropdown.Menu>
          {offered.map((definition) => (
            <Dropdown.Item key={definition} onClick={() => run(definition)} data-testid={`download-${definition}`}>
              {t(`definition_${definition}`)}
              {natural && (
                <span className="file-size" data-testid={`download-size-${definition}`} style={{ marginLeft: 8, opacity: 0.65 }}>
                  {(([width, height]) => t('fileSize', { width, height }))(sizeOf(definition, natural))}
                </span>
              )}
              {definition === '2K' && !paid && (
                <Tag size="small" color="amber" style={{ marginLeft: 8 }}>
                  {t('membersOnly')}
                </Tag>
              )}
              {definition === '2K' && !paid && (
                <div className="download-why" style={{ fontSize: 12, opacity: 0.7 }} data-testid="download-2K-why">
                  {t('tools:hdWhy')}
                </div>
              )}
            </Dropdown.Item>
          ))}
          {no2k && (
            <Dropdown.Item disabled data-testid="download-2K-unavailable">
              <span style={{ fontSize: 12, opacity: 0.7 }}>{t('tools:hdUnavailable')}</span>
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      }
    >
      <span className="trigger">
        <Button icon={<IconDownload />} loading={loading} data-testid="download">
          {t('download')}
        </Button>
        {downloadWindow}
      </span>
    </Dropdown>
  );
}
