import './accounts.css';
import { Button, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSupport } from '../../app/shell/serviceContact.tsx';
import { AGREEMENT_FILES, agreementFileOf } from './agreementFiles.ts';

interface Section {
  heading: string;
  paragraphs: string[];
}
interface Party {
  party: string;
  purpose: string;
  data: string;
}
interface AgreementDocument {
  title: string;
  updated: string;
  intro: string;
  sections?: Section[];
  columns?: { party: string; purpose: string; data: string };
  parties?: Party[];
}

/**
 * /user-agreement?file=userAgreement|privacyPolicy|three (spec 000 §2), in the UI language.
 * `mobile=true` is the frame modal of the login form on phones: the document alone, no chrome.
 */
export default function UserAgreementPage() {
  const { t } = useTranslation(['agreement', 'auth', 'common']);
  const [params, setParams] = useSearchParams();
  const file = agreementFileOf(params.get('file'));
  const framed = params.get('mobile') === 'true';
  const doc = t(file, { returnObjects: true }) as unknown as AgreementDocument;
  // The tenant's support phone and help link (console: tenant settings); nothing set shows no line.
  const { phone, helpLink } = useSupport();

  return (
    <article className={`agreement-page${framed ? ' framed' : ''}`} data-testid="agreement-page" data-file={file}>
      {!framed && (
        <nav className="agreement-nav" aria-label={t('documents')}>
          {AGREEMENT_FILES.map((name) => (
            <Button
              key={name}
              theme={name === file ? 'solid' : 'light'}
              onClick={() => setParams({ file: name })}
              data-testid={`agreement-tab-${name}`}
            >
              {t(`${name}.title`)}
            </Button>
          ))}
        </nav>
      )}
      <Typography.Title heading={framed ? 4 : 2}>{doc.title}</Typography.Title>
      <Typography.Text type="tertiary">{t('lastUpdated', { date: doc.updated })}</Typography.Text>
      <Typography.Paragraph style={{ marginTop: 16 }}>{doc.intro}</Typography.Paragraph>
      {doc.sections?.map((section) => (
        <section key={section.heading}>
          <Typography.Title heading={5} style={{ marginTop: 20 }}>
            {section.heading}
          </Typography.Title>
          {section.paragraphs.map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          ))}
        </section>
      ))}
      {doc.parties && doc.columns && (
        <table className="agreement-table" data-testid="agreement-parties">
          <thead>
            <tr>
              <th>{doc.columns.party}</th>
              <th>{doc.columns.purpose}</th>
              <th>{doc.columns.data}</th>
            </tr>
          </thead>
          <tbody>
            {doc.parties.map((row) => (
              <tr key={row.party}>
                <td>{row.party}</td>
                <td>{row.purpose}</td>
                <td>{row.data}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(phone || helpLink) && (
        <Typography.Paragraph type="tertiary" style={{ marginTop: 24 }} data-testid="agreement-contact">
          {phone && t('contact', { phone })}{' '}
          {helpLink && (
            <a href={helpLink} target="_blank" rel="noopener noreferrer">
              {t(phone ? 'contactHelp' : 'common:helpLink')}
            </a>
          )}
        </Typography.Paragraph>
      )}
    </article>
  );
}
