import { IconInfoCircle } from '@douyinfe/semi-icons';
import { Banner, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OriginNote } from './OriginNote.tsx';
import './tools.css';

interface Props {
  /** Route id: title from `routes`, tip and instructions from `tools:<id>Tip` / `<id>Instructions`. */
  id: string;
  tabs?: { key: string; label: ReactNode }[];
  activeTab?: string;
  onTab?: (key: string) => void;
  panel: ReactNode;
  workspace: ReactNode;
  history?: ReactNode;
  /** Dialogs of the tool (mask editor...). */
  overlay?: ReactNode;
  /** The namespace holding `<id>Tip` / `<id>Instructions` (default `tools`). */
  textNs?: string;
  /** What keeps the tool busy ('running', 'starting', 'changing'), shown as data-busy for tests. */
  busy?: string;
}

/**
 * The frame of every generation tool (spec 001 §2): title, tip text and instruction paragraph,
 * optional tabs, the settings panel beside the workspace, and the tool's history underneath.
 * On phones the panel stacks above the workspace.
 */
export function ToolLayout({ id, tabs, activeTab, onTab, panel, workspace, history, overlay, textNs = 'tools', busy }: Props) {
  const { t } = useTranslation(['tools', 'routes']);
  return (
    <div className="tool-page" data-testid={`tool-${id}`} data-busy={busy || undefined}>
      <header className="tool-header">
        <Typography.Title heading={3}>{t(`routes:${id}`)}</Typography.Title>
        <Banner
          type="info"
          fullMode={false}
          closeIcon={null}
          icon={<IconInfoCircle />}
          description={t(`${textNs}:${id}Tip`)}
          data-testid="tool-tip"
        />
        <Typography.Paragraph type="secondary" className="tool-instructions" data-testid="tool-instructions">
          {t(`${textNs}:${id}Instructions`)}
        </Typography.Paragraph>
        <OriginNote />
        {tabs && (
          <Tabs type="button" activeKey={activeTab} onChange={onTab} data-testid="tool-tabs">
            {tabs.map((tab) => (
              <TabPane key={tab.key} itemKey={tab.key} tab={tab.label} />
            ))}
          </Tabs>
        )}
      </header>
      <div className="tool-body">
        <aside className="tool-panel">{panel}</aside>
        <div className="tool-main">
          {workspace}
          {history}
        </div>
      </div>
      {overlay}
    </div>
  );
}
