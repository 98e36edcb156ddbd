import { Modal, Steps, Typography } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH } from '@productimage/core';
import { useTranslation } from 'react-i18next';

const STEPS = ['pick', 'upload', 'generate', 'download', 'coins'] as const;

/** The official tutorial: how a job goes from picking a tool to downloading, and what it costs. */
export function TutorialModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      visible
      title={t('tutorialTitle')}
      width={MODAL_WIDTH.default}
      footer={null}
      onCancel={onClose}
      // Long on small screens: the steps scroll inside the body, so the bottom margin always shows.
      bodyStyle={{ maxHeight: '60vh', overflowY: 'auto' }}
    >
      <div data-testid="tutorial">
        <Steps direction="vertical" type="basic" current={-1}>
          {STEPS.map((step) => (
            <Steps.Step key={step} title={t(`tutorial_${step}_title`)} description={t(`tutorial_${step}_body`)} status="wait" />
          ))}
        </Steps>
        <Typography.Paragraph type="tertiary">{t('tutorialMore')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
