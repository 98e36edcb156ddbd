import { Banner, Button, Modal, Spin, Tag, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState, errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { KOS_KEY, type KosPersona, kosApi, myPersona } from './kosApi.ts';
import { PersonaForm } from './PersonaForm.tsx';
import './kos.css';

/** One persona as a card: tone, audience, taboo words. */
export function PersonaCard({
  persona,
  children,
  selected,
}: {
  persona: KosPersona;
  children?: React.ReactNode;
  selected?: boolean;
}) {
  const { t } = useTranslation('kos');
  return (
    <article className="kos-card" data-testid="persona-card" data-selected={selected ? 'true' : 'false'}>
      <div className="kos-card-title">
        {persona.name}
        <span className="kos-card-meta">{t('personality.accounts', { count: persona.accountCount })}</span>
      </div>
      {persona.intro && <div>{persona.intro}</div>}
      {persona.tone && (
        <div className="kos-card-meta">
          {t('personality.tone')}: {persona.tone}
        </div>
      )}
      {persona.audience && (
        <div className="kos-card-meta">
          {t('personality.audience')}: {persona.audience}
        </div>
      )}
      {persona.tabooWords.length > 0 && (
        <div className="kos-card-meta">
          {t('personality.tabooWords')}:
          {persona.tabooWords.map((w) => (
            <Tag key={w} size="small" color="red">
              {w}
            </Tag>
          ))}
        </div>
      )}
      {children && <div className="kos-card-actions">{children}</div>}
    </article>
  );
}

/** /kos-personality: the personas the content generators write in. */
export default function KosPersonalityPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const personas = useQuery({ queryKey: [...KOS_KEY, 'personas'], queryFn: kosApi.personas });
  const [editing, setEditing] = useState<KosPersona | 'new' | null>(null);
  const [chosen, setChosen] = useState(myPersona.get());
  const choose = (p: KosPersona) => {
    myPersona.set(p.personaId);
    setChosen(p.personaId);
    Toast.success(t('persona.chosenToast', { name: p.name }));
  };
  const remove = (p: KosPersona) =>
    Modal.confirm({
      title: t('deleteConfirm'),
      content: p.name,
      onOk: async () => {
        try {
          await kosApi.deletePersona(p.personaId);
          Toast.success(t('deleted'));
          await client.invalidateQueries({ queryKey: KOS_KEY });
        } catch (error) {
          Toast.error(errorText(error, t));
        }
      },
    });
  return (
    <div className="kos-page" data-testid="kos-personality-page">
      <h2>{t('personality.title')}</h2>
      <p className="kos-intro">{t('personality.intro')}</p>
      {!manage && <Banner type="info" description={t('readOnly')} closeIcon={null} />}
      {manage && (
        <div className="kos-toolbar">
          <Button theme="solid" onClick={() => setEditing('new')} data-testid="persona-add">
            {t('personality.add')}
          </Button>
        </div>
      )}
      {personas.isLoading && <Spin />}
      {personas.error && <ErrorState error={personas.error} onRetry={() => personas.refetch()} />}
      {personas.data && personas.data.length === 0 && <EmptyState text={t('persona.empty')} />}
      <div className="kos-grid">
        {personas.data?.map((p) => (
          <PersonaCard key={p.personaId} persona={p} selected={chosen === p.personaId}>
            {chosen === p.personaId ? (
              <Button size="small" disabled>
                {t('persona.chosen')}
              </Button>
            ) : (
              <Button size="small" theme="solid" onClick={() => choose(p)} data-testid="persona-choose">
                {t('persona.choose')}
              </Button>
            )}
            {manage && (
              <>
                <Button size="small" onClick={() => setEditing(p)}>
                  {t('edit')}
                </Button>
                <Button size="small" type="danger" onClick={() => remove(p)}>
                  {t('delete')}
                </Button>
              </>
            )}
          </PersonaCard>
        ))}
      </div>
      {editing && (
        <PersonaForm
          persona={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: KOS_KEY })}
        />
      )}
    </div>
  );
}
