import { IllustrationFailure, IllustrationNoContent } from '@douyinfe/semi-illustrations';
import { Button, Empty, Image, Modal, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { InboxMessage } from '@productimage/core';
import { formatDate, MODAL_WIDTH } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAll, useInbox, useMarkRead, useReadAll } from './useInbox.ts';
import './inbox.css';

const showFailure = (error: unknown, fallback: string) => Toast.error((error as Error)?.message || fallback);

/** The 850 px inbox: list, mark all read, delete all (confirmed), and a message's detail. */
export default function InboxModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['inbox', 'common']);
  const inbox = useInbox();
  const markRead = useMarkRead();
  const readAll = useReadAll();
  const deleteAll = useDeleteAll();
  const [detail, setDetail] = useState<InboxMessage | null>(null);
  const list = inbox.data?.list ?? [];

  const openMessage = (message: InboxMessage) => {
    // The tab opens inside the click (pop-up blockers); marking read runs alongside.
    if (message.msgContentType === 'link') window.open(message.msgContent, '_blank', 'noopener,noreferrer');
    else setDetail(message);
    if (!message.readed) markRead.mutate(message.msgId, { onError: (e) => showFailure(e, t('failed')) });
  };

  const confirmDeleteAll = () =>
    Modal.confirm({
      title: t('deleteAllTitle'),
      content: t('deleteAllBody'),
      width: MODAL_WIDTH.confirm,
      okText: t('common:yes'),
      cancelText: t('common:no'),
      okButtonProps: { type: 'danger', 'data-testid': 'inbox-delete-yes' } as object,
      cancelButtonProps: { 'data-testid': 'inbox-delete-no' } as object,
      onOk: () =>
        deleteAll.mutateAsync().then(
          () => Toast.success(t('common:deleted')),
          (e) => showFailure(e, t('failed')),
        ),
    });

  return (
    <Modal
      visible
      title={t('title')}
      width={MODAL_WIDTH.inbox}
      onCancel={onClose}
      // Escape closes the open message first, not the whole inbox.
      closeOnEsc={!detail}
      footer={null}
      bodyStyle={{ maxHeight: '65vh', overflowY: 'auto' }}
    >
      <div className="inbox-actions" data-testid="inbox-modal">
        <Typography.Text type="tertiary">{t('unreadCount', { count: inbox.data?.unReadMsgCnt ?? 0 })}</Typography.Text>
        <span className="spacer" />
        <Button
          disabled={!inbox.data?.unReadMsgCnt}
          loading={readAll.isPending}
          data-testid="inbox-read-all"
          onClick={() => readAll.mutate(undefined, { onError: (e) => showFailure(e, t('failed')) })}
        >
          {t('readAll')}
        </Button>
        <Button type="danger" disabled={!list.length} data-testid="inbox-delete-all" onClick={confirmDeleteAll}>
          {t('deleteAll')}
        </Button>
      </div>
      {inbox.isLoading ? (
        <div className="page-center" data-testid="inbox-loading">
          <Spin />
        </div>
      ) : inbox.isError ? (
        <Empty
          image={<IllustrationFailure style={{ width: 150, height: 150 }} />}
          title={t('loadFailed')}
          description={(inbox.error as Error).message}
        >
          <Button onClick={() => void inbox.refetch()}>{t('common:retry')}</Button>
        </Empty>
      ) : list.length === 0 ? (
        <div data-testid="inbox-empty" style={{ padding: '32px 0' }}>
          <Empty image={<IllustrationNoContent style={{ width: 150, height: 150 }} />} title={t('empty')} />
        </div>
      ) : (
        <ul className="inbox-list">
          {list.map((message) => (
            <li key={message.msgId}>
              <button
                type="button"
                className={`inbox-item${message.readed ? '' : ' unread'}`}
                data-testid="inbox-item"
                data-unread={message.readed ? 'false' : 'true'}
                onClick={() => openMessage(message)}
              >
                <span className={`inbox-dot${message.readed ? ' read' : ''}`} />
                <span className="inbox-main">
                  <Typography.Text strong={!message.readed}>{message.msgTitle}</Typography.Text>
                  {message.msgBrief && (
                    <Typography.Text type="tertiary" ellipsis>
                      {message.msgBrief}
                    </Typography.Text>
                  )}
                </span>
                <Typography.Text type="tertiary" className="inbox-time">
                  {formatDate(message.msgSendTime, true)}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      )}
      {detail && (
        <Modal
          visible
          title={detail.msgTitle}
          onCancel={() => setDetail(null)}
          width={MODAL_WIDTH.default}
          footer={
            <Button theme="solid" onClick={() => setDetail(null)} data-testid="inbox-detail-close">
              {t('common:close')}
            </Button>
          }
        >
          <div data-testid="inbox-detail">
            <Typography.Text type="tertiary">{formatDate(detail.msgSendTime, true)}</Typography.Text>
            {detail.msgImg && <Image src={detail.msgImg} width="100%" style={{ marginTop: 12 }} />}
            {detail.msgContentType === 'html' ? (
              // The server sanitises html messages when they are stored (inbox service).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
              <div className="inbox-html" dangerouslySetInnerHTML={{ __html: detail.msgContent }} />
            ) : (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{detail.msgContent}</Typography.Paragraph>
            )}
          </div>
        </Modal>
      )}
    </Modal>
  );
}
