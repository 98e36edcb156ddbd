import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { showsConsole } from './menus.ts';
import { useEngineKeys } from './useEngineKeys.ts';
import { useViewer } from './useViewer.ts';

/**
 * Under a tool waiting for its engine, for console operators: which settings turn it on here
 * (FASHN_API_KEY, DASHSCOPE_API_KEY, ... per tool, as this build's engines make it). Members see only
 * that the operator has to set it up.
 */
export function EngineKeys({ bizType }: { bizType: string }) {
  const { t } = useTranslation('shell');
  const { viewer } = useViewer();
  const keys = useEngineKeys(bizType);
  if (!showsConsole(viewer) || keys.length === 0) return null;
  return (
    <Typography.Text type="tertiary" size="small" className="engine-keys" data-testid="engine-keys">
      {t('engineKeys')}{' '}
      {keys.map((key, i) => (
        <span key={key}>
          {i > 0 && ' / '}
          <code>{key}</code>
        </span>
      ))}
    </Typography.Text>
  );
}
