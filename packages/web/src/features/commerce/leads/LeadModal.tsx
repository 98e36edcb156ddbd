import { Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { LEAD_MODAL_FADE_MS, MODAL_WIDTH } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { LeadForm } from './LeadForm.tsx';
import { useLeadModal } from './leadModalStore.ts';
import { useFade } from './useFade.ts';
import './leads.css';

/** The desktop enquiry modal (custom-model service, enterprise service); fades in after 30 ms, out after 100 ms. */
export function LeadModal() {
  const { t } = useTranslation(['leads', 'common']);
  const { open, type, webSource, hide } = useLeadModal();
  const { mounted, shown } = useFade(open, LEAD_MODAL_FADE_MS.in, LEAD_MODAL_FADE_MS.out);
  if (!mounted) return null;
  return (
    <Modal
      visible
      motion={false}
      className={`lead-modal fade${shown ? ' in' : ''}`}
      maskStyle={{ opacity: shown ? 1 : 0, transition: `opacity ${LEAD_MODAL_FADE_MS.out}ms` }}
      width={MODAL_WIDTH.default}
      title={t(`title_${type}`)}
      footer={null}
      onCancel={hide}
    >
      <div data-testid="lead-modal" data-shown={shown ? 'true' : 'false'}>
        <Typography.Paragraph type="tertiary" style={{ marginBottom: 16 }}>
          {t(`intro_${type}`)}
        </Typography.Paragraph>
        <LeadForm
          type={type}
          webSource={webSource}
          onSubmitted={() => {
            Toast.success(t('submittedToast'));
            hide();
          }}
        />
      </div>
    </Modal>
  );
}
