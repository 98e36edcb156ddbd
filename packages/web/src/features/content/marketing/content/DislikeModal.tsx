import { Button, Modal, Radio, RadioGroup } from '@douyinfe/semi-ui-19';
import { DISLIKE_REASONS } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks why a post is disliked (one of the spec's reasons) before the dislike is sent. */
export function DislikeModal({
  visible,
  onClose,
  onSubmit,
}: {
  visible: boolean;
  onClose(): void;
  onSubmit(reason: string): void;
}) {
  const { t } = useTranslation('marketing');
  const [reason, setReason] = useState<string>(DISLIKE_REASONS.text[0]);
  return (
    <Modal
      title={t('content.dislikeTitle')}
      visible={visible}
      onCancel={onClose}
      footer={
        <Button theme="solid" onClick={() => onSubmit(reason)} data-testid="dislike-submit">
          {t('content.submit')}
        </Button>
      }
    >
      <RadioGroup
        direction="vertical"
        value={reason}
        onChange={(e) => setReason(e.target.value as string)}
        data-testid="dislike-reasons"
      >
        {DISLIKE_REASONS.text.map((r) => (
          <Radio key={r} value={r}>
            {r}
          </Radio>
        ))}
      </RadioGroup>
    </Modal>
  );
}
