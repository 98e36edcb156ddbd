import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SmallTag } from './SmallTag.tsx';

/** The red NEW tag on new tools (menus, side bar, tool tabs), with a translated name for screen readers. */
export function NewBadge({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <SmallTag colour="red" style={style} aria-label={t('common:newBadgeLabel')}>
      {t('common:newBadge')}
    </SmallTag>
  );
}
