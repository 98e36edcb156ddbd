import { Button, Input, Modal, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { CONTENT_EDIT_MAX } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../../../../shared/useAction.ts';
import { MktField } from '../MarketingFields.tsx';
import { type Content, type ContentItem, marketingApi } from '../marketingApi.ts';

/** Edits a finished post's title and text within its platform's limits (saved on the server). */
export function EditItemModal({
  content,
  item,
  onClose,
  onSaved,
}: {
  content: Content;
  item: ContentItem;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['marketing', 'errors']);
  const limits = item.limits ?? CONTENT_EDIT_MAX;
  const [title, setTitle] = useState(item.socialMediaMarketingTitle);
  const [body, setBody] = useState(item.socialMediaMarketingContent);
  const { busy: saving, run } = useBusyAction();
  const save = async () => {
    await run(async () => {
      await marketingApi.editText(content.contentId, item.textId, { title, content: body });
      Toast.success(t('content.saved'));
      onSaved();
      onClose();
    });
  };
  return (
    <Modal
      title={t('content.editTitle')}
      visible
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('content.cancel')}</Button>
          <Button theme="solid" loading={saving} disabled={!body.trim()} onClick={save} data-testid="edit-save">
            {t('content.save')}
          </Button>
        </>
      }
    >
      <MktField label={t('content.titleLabel')}>
        <Input value={title} onChange={setTitle} maxLength={limits.title} showClear data-testid="edit-title" />
      </MktField>
      <MktField label={t('content.contentLabel')}>
        <TextArea value={body} onChange={setBody} rows={8} maxCount={limits.content} data-testid="edit-content" />
      </MktField>
    </Modal>
  );
}
