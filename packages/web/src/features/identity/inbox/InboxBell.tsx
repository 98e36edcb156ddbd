import { IconBell } from '@douyinfe/semi-icons';
import { Badge, Button } from '@douyinfe/semi-ui-19';
import { badgeCount, UNREAD_BADGE_CAP } from '@productimage/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox } from './useInbox.ts';

const InboxModal = lazy(() => import('./InboxModal.tsx'));

/** The header bell: unread badge (99+ above 99) and the inbox modal. */
export function InboxBell() {
  const { t } = useTranslation('inbox');
  const [open, setOpen] = useState(false);
  const unread = useInbox().data?.unReadMsgCnt ?? 0;
  return (
    <>
      {/* A string count gets Semi's red pill (a node would render bare); 99+ above the cap. */}
      <Badge
        count={unread > 0 ? badgeCount(unread, UNREAD_BADGE_CAP) : undefined}
        type="danger"
        countClassName={unread > 0 ? 'inbox-badge' : undefined}
      >
        <Button
          theme="borderless"
          icon={<IconBell size="large" />}
          aria-label={t('title')}
          data-testid="inbox-bell"
          onClick={() => setOpen(true)}
        />
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <InboxModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
