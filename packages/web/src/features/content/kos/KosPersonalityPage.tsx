import { Button, Tag, Toast } from '@douyinfe/semi-ui-19';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions, ListCard, ListGrid, ListPage, ListStates, ReadOnlyNotice } from '../../../shared/ListPage.tsx';
import { useConfirmedAction } from '../../../shared/useAction.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { KOS_KEY, type KosPersona, kosApi, myPersona } from './kosApi.ts';
import { PersonaForm } from './PersonaForm.tsx';
import './kos.css';

/** One persona as a card: tone, audience, taboo words; "choose" (or "chosen") and the other actions. */
export function PersonaCard({
  persona,
  children,
  selected,
  onChoose,
}: {
  persona: KosPersona;
  children?: React.ReactNode;
  selected: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('kos');
  const choice = selected ? (
    <Button size="small" disabled>
      {t('persona.chosen')}
    </Button>
  ) : (
    <Button size="small" theme="solid" onClick={onChoose} data-testid="persona-choose">
      {t('persona.choose')}
    </Button>
  );
  return (
    <ListCard
      testId="persona-card"
      selected={selected}
      actions={
        <>
          {choice}
          {children}
        </>
      }
    >
      <div className="list-card-title">
        {persona.name}
        <span className="list-card-meta">{t('personality.accounts', { count: persona.accountCount })}</span>
      </div>
      {persona.intro && <div>{persona.intro}</div>}
      {persona.tone && (
        <div className="list-card-meta">
          {t('personality.tone')}: {persona.tone}
        </div>
      )}
      {persona.audience && (
        <div className="list-card-meta">
          {t('personality.audience')}: {persona.audience}
        </div>
      )}
      {persona.tabooWords.length > 0 && (
        <div className="list-card-meta">
          {t('personality.tabooWords')}:
          {persona.tabooWords.map((w) => (
            <Tag key={w} size="small" color="red">
              {w}
            </Tag>
          ))}
        </div>
      )}
    </ListCard>
  );
}

/** /kos-personality: the personas the content generators write in. */
export default function KosPersonalityPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const confirm = useConfirmedAction();
  const personas = useQuery({ queryKey: [...KOS_KEY, 'personas'], queryFn: kosApi.personas });
  const [editing, setEditing] = useState<KosPersona | 'new' | null>(null);
  const [chosen, setChosen] = useState(myPersona.get());
  const choose = (p: KosPersona) => {
    myPersona.set(p.personaId);
    setChosen(p.personaId);
    Toast.success(t('persona.chosenToast', { name: p.name }));
  };
  const remove = (p: KosPersona) =>
    confirm({
      title: t('deleteConfirm'),
      content: p.name,
      successText: t('deleted'),
      action: async () => {
        await kosApi.deletePersona(p.personaId);
        await client.invalidateQueries({ queryKey: KOS_KEY });
      },
    });
  return (
    <ListPage
      testId="kos-personality-page"
      className="kos-page"
      title={t('personality.title')}
      intro={t('personality.intro')}
      notice={!manage && <ReadOnlyNotice text={t('readOnly')} />}
      toolbar={
        manage && (
          <Button theme="solid" onClick={() => setEditing('new')} data-testid="persona-add">
            {t('personality.add')}
          </Button>
        )
      }
    >
      <ListStates query={personas} emptyText={t('persona.empty')} />
      <ListGrid>
        {personas.data?.map((p) => (
          <PersonaCard key={p.personaId} persona={p} selected={chosen === p.personaId} onChoose={() => choose(p)}>
            {manage && (
              <EditDeleteActions
                onEdit={() => setEditing(p)}
                onDelete={() => remove(p)}
                editText={t('edit')}
                deleteText={t('delete')}
              />
            )}
          </PersonaCard>
        ))}
      </ListGrid>
      {editing && (
        <PersonaForm
          persona={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: KOS_KEY })}
        />
      )}
    </ListPage>
  );
}
