import { Button, Toast } from '@douyinfe/semi-ui-19';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListGrid, ListPage, ListStates } from '../../../shared/ListPage.tsx';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { PersonaCard } from './KosPersonalityPage.tsx';
import { KOS_KEY, kosApi, myPersona } from './kosApi.ts';
import { PersonaForm } from './PersonaForm.tsx';
import './kos.css';

/**
 * /kos-persona: the persona the user writes as. The mini-program sends a user here after the first
 * login (?time=1, spec 000 §3): a welcome, the team's personas to pick from, and (for those who may)
 * a form to create the first one. The choice is the local persona flag; content generation uses it.
 */
export default function KosPersonaPage() {
  const { t } = useTranslation(['kos', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const firstVisit = params.get('time') === '1';
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const personas = useQuery({ queryKey: [...KOS_KEY, 'personas'], queryFn: kosApi.personas });
  const [chosen, setChosen] = useState(myPersona.get());
  const [creating, setCreating] = useState(false);
  const choose = (personaId: string, name: string) => {
    myPersona.set(personaId);
    setChosen(personaId);
    Toast.success(t('persona.chosenToast', { name }));
    if (firstVisit) navigate('/', { replace: true });
  };
  const later = () => {
    if (!myPersona.get()) myPersona.set('0');
    navigate('/', { replace: true });
  };
  return (
    <ListPage
      testId="kos-persona-page"
      className="kos-page"
      header={
        firstVisit ? (
          <section className="kos-welcome" data-testid="persona-welcome">
            <h2>{t('persona.welcomeTitle')}</h2>
            <p>{t('persona.welcomeText')}</p>
            <Button onClick={later} data-testid="persona-later">
              {t('persona.skip')}
            </Button>
          </section>
        ) : undefined
      }
      title={firstVisit ? undefined : t('persona.mine')}
      intro={firstVisit ? undefined : t('persona.welcomeText')}
      toolbar={
        <>
          {manage && (
            <Button theme="solid" onClick={() => setCreating(true)} data-testid="persona-add">
              {t('personality.add')}
            </Button>
          )}
          <Link to="/kos-personality">{t('persona.manage')}</Link>
        </>
      }
    >
      <ListStates
        query={personas}
        emptyText={`${t('persona.empty')} ${manage ? t('persona.emptyManager') : t('persona.emptyMember')}`}
      />
      <ListGrid>
        {personas.data?.map((p) => (
          <PersonaCard
            key={p.personaId}
            persona={p}
            selected={chosen === p.personaId}
            onChoose={() => choose(p.personaId, p.name)}
          />
        ))}
      </ListGrid>
      {creating && (
        <PersonaForm
          persona={null}
          onClose={() => setCreating(false)}
          onSaved={(id, name) => {
            void client.invalidateQueries({ queryKey: KOS_KEY });
            choose(id, name);
          }}
        />
      )}
    </ListPage>
  );
}
