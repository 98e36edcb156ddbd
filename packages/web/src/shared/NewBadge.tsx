import { Tag } from '@douyinfe/semi-ui-19';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** The red NEW tag on new tools (menus, side bar, tool tabs), with a translated name for screen readers. */
export function NewBadge({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Tag size="small" color="red" style={style} aria-label={t('common:newBadgeLabel')}>
      {t('common:newBadge')}
    </Tag>
  );
}
