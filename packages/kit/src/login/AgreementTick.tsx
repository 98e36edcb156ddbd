import { Checkbox, Modal, Tooltip } from '@douyinfe/semi-ui-19';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_FILES, type AgreementFile } from './agreementFiles.ts';
import { useLoginSetup } from './setup.tsx';

interface Props {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Shows the "please read and tick" tooltip (set when login is clicked unticked). */
  showHint: boolean;
}

/**
 * The agreement tick below the login button, with links to the three documents. Desktop opens a
 * document in a new tab; phones show it in a full-screen frame (`mobile=true` hides its chrome).
 */
export function AgreementTick({ checked, onChange, showHint }: Props) {
  const { t } = useTranslation(['auth', 'validation']);
  const { isMobile, agreementUrl: documentUrl } = useLoginSetup();
  const [framed, setFramed] = useState<AgreementFile | null>(null);
  return (
    <div className="auth-agreement">
      <Tooltip
        trigger="custom"
        visible={showHint && !checked}
        position="topLeft"
        content={<span data-testid="agreement-hint">{t('validation:agreementRequired')}</span>}
      >
        {/* Tooltip positions itself on a DOM child; the Checkbox class component gives it none. */}
        <span className="auth-agreement-box">
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(!!e.target.checked)}
            aria-label={t('auth:agreementPrefix')}
            data-testid="agreement-checkbox"
          />
        </span>
      </Tooltip>
      <span className="auth-agreement-text">
        {/* The sentence is inline text so the translations' spaces and punctuation stay as written. */}
        <button type="button" className="auth-agreement-prefix" onClick={() => onChange(!checked)}>
          {t('auth:agreementPrefix')}
        </button>
        {AGREEMENT_FILES.map((file, index) => (
          <Fragment key={file}>
            {index > 0 && (index === AGREEMENT_FILES.length - 1 ? t('auth:agreementAnd') : t('auth:agreementComma'))}
            <a
              href={documentUrl(file, false)}
              target="_blank"
              rel="noreferrer"
              data-testid={`agreement-link-${file}`}
              onClick={(event) => {
                if (!isMobile) return;
                event.preventDefault();
                setFramed(file);
              }}
            >
              {t(`auth:${file}`)}
            </a>
          </Fragment>
        ))}
      </span>
      {framed && (
        <Modal
          visible
          fullScreen
          title={t(`auth:${framed}`)}
          footer={null}
          onCancel={() => setFramed(null)}
          bodyStyle={{ padding: 0 }}
        >
          <iframe title={t(`auth:${framed}`)} src={documentUrl(framed, true)} className="auth-agreement-frame" />
        </Modal>
      )}
    </div>
  );
}
