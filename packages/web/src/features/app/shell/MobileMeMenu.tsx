import { IconUser } from '@douyinfe/semi-icons';
import { Badge, Button } from '@douyinfe/semi-ui-19';
import { badgeCount, UNREAD_BADGE_CAP } from '@productimage/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { useSession } from '../../identity/accounts/session.ts';
import { useInbox } from '../../identity/inbox/useInbox.ts';

// The sheet and the inbox load at the first tap (not in the first load of a phone page).
const MobileMeSheet = lazy(() => import('./MobileMeSheet.tsx'));
const InboxModal = lazy(() => import('../../identity/inbox/InboxModal.tsx'));

function UnreadBadge({ children }: { children: React.ReactNode }) {
  const unread = useInbox().data?.unReadMsgCnt ?? 0;
  return (
    <Badge count={unread > 0 ? badgeCount(unread, UNREAD_BADGE_CAP) : undefined} type="danger" countClassName="inbox-badge">
      {children}
    </Badge>
  );
}

/**
 * The "me" button of every phone page (feature header and back bar): one tap opens the sheet with
 * creation history, inbox, settings and log out, a second tap reaches each (issue 31). Anonymous
 * visitors get the login modal instead.
 */
export function MobileMeMenu() {
  const { t } = useTranslation(['shell']);
  const { current } = useSession();
  const showLogin = useLoginModal((s) => s.show);
  const [open, setOpen] = useState<boolean | null>(null);
  const [inbox, setInbox] = useState(false);
  if (!current)
    return (
      <Button
        theme="borderless"
        icon={<IconUser />}
        aria-label={t('login')}
        onClick={() => showLogin('login')}
        data-testid="mobile-me"
      />
    );
  return (
    <>
      <UnreadBadge>
        <Button
          theme="borderless"
          icon={<IconUser />}
          aria-label={t('me')}
          onClick={() => setOpen(true)}
          data-testid="mobile-me"
        />
      </UnreadBadge>
      {open !== null && (
        <Suspense fallback={null}>
          <MobileMeSheet
            open={open}
            userName={current.user.userName}
            onClose={() => setOpen(false)}
            onInbox={() => {
              setOpen(false);
              setInbox(true);
            }}
          />
        </Suspense>
      )}
      {inbox && (
        <Suspense fallback={null}>
          <InboxModal onClose={() => setInbox(false)} />
        </Suspense>
      )}
    </>
  );
}
