import { Modal, SideSheet, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeadForm } from './LeadForm.tsx';

/** The mobile consultant form: on success a toast, the sheet closes and a tips dialog follows (spec 000 §7). */
export function ConsultantSheet({ open, onClose, webSource }: { open: boolean; onClose(): void; webSource: string }) {
  const { t } = useTranslation(['leads', 'common']);
  const [tips, setTips] = useState(false);
  return (
    <>
      <SideSheet
        visible={open}
        placement="bottom"
        height="auto"
        title={t('title_consultant')}
        onCancel={onClose}
        bodyStyle={{ paddingBottom: 24 }}
      >
        <div data-testid="consultant-sheet">
          <Typography.Paragraph type="tertiary" style={{ marginBottom: 12 }}>
            {t('intro_consultant')}
          </Typography.Paragraph>
          <LeadForm
            type="consultant"
            webSource={webSource}
            onSubmitted={() => {
              Toast.success(t('common:submitted'));
              onClose();
              setTips(true);
            }}
          />
        </div>
      </SideSheet>
      <Modal
        visible={tips}
        title={t('tipsTitle')}
        onOk={() => setTips(false)}
        onCancel={() => setTips(false)}
        hasCancel={false}
        okText={t('common:confirm')}
        width="85vw"
      >
        <div data-testid="consultant-tips">{t('tipsBody')}</div>
      </Modal>
    </>
  );
}
