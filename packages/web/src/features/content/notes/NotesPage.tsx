import { Button, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isMobile } from '../../../app/layout.ts';
import { ListPage, PagedListView, SearchInput } from '../../../shared/ListPage.tsx';
import { usePagedList } from '../../../shared/pagedList.ts';
import { NoteCard } from './NoteCard.tsx';
import { NoteForm } from './NoteForm.tsx';
import { type Note, type NoteScope, notesApi } from './notesApi.ts';
import './notes.css';
import { useAction } from '../../../shared/useAction.ts';

const PAGE_SIZE = 10;

/** /modi-note-base (my notes and favourites) and /modi-pub-note-base (the team's shared notes). */
export default function NotesPage() {
  const { t } = useTranslation(['notes', 'common']);
  const act = useAction();
  const { pathname } = useLocation();
  const isPublic = pathname.startsWith('/modi-pub-note-base');
  const base = isPublic ? '/modi-pub-note-base' : '/modi-note-base';
  const [tab, setTab] = useState<NoteScope>(isPublic ? 'public' : 'mine');
  const scope: NoteScope = isPublic ? 'public' : tab;
  const [input, setInput] = useState('');
  const [searchText, setSearchText] = useState('');
  const [creating, setCreating] = useState(false);
  const notes = usePagedList<Note>(
    (pageNum, pageSize) => notesApi.list(scope, searchText, pageNum, pageSize),
    PAGE_SIZE,
    `${scope}|${searchText}`,
  );
  const scroller = useRef<HTMLDivElement>(null);

  const clear = () => {
    setInput('');
    setSearchText('');
    setTab('mine');
    scroller.current?.scrollTo({ top: 0 });
  };

  const toggleFavorite = (note: Note) =>
    act(async () => {
      await notesApi.favorite(note.noteId, !note.isFavorite);
      if (scope === 'favorites') await notes.refresh();
      else notes.update((list) => list.map((n) => (n.noteId === note.noteId ? { ...n, isFavorite: !n.isFavorite } : n)));
    });

  const emptyText = searchText
    ? t('emptySearch', { text: searchText })
    : t(scope === 'public' ? 'emptyPublic' : scope === 'favorites' ? 'emptyFavorites' : 'emptyMine');

  return (
    <ListPage
      testId="notes-page"
      className="notes-page"
      header={
        !isPublic && (
          <Tabs activeKey={tab} onChange={(k) => setTab(k as NoteScope)}>
            <TabPane tab={t('tabMine')} itemKey="mine" />
            <TabPane tab={t('tabFavorites')} itemKey="favorites" />
          </Tabs>
        )
      }
      toolbar={
        <>
          <SearchInput
            value={input}
            onChange={setInput}
            onSearch={setSearchText}
            onClear={clear}
            placeholder={t('searchPlaceholder')}
            searchText={t('search')}
            maxLength={200}
            testIds={{ input: 'notes-search', search: 'notes-search-run' }}
          />
          <Button onClick={clear}>{t('clear')}</Button>
          <Button theme="solid" onClick={() => setCreating(true)} data-testid="note-new">
            {t('newNote')}
          </Button>
        </>
      }
    >
      {/* Phones load the next page at the bottom of the list's scroll container; desktop uses the button. */}
      <PagedListView
        list={notes}
        renderItem={(note) => <NoteCard key={note.noteId} note={note} base={base} onFavorite={toggleFavorite} />}
        autoLoad={isMobile}
        emptyText={emptyText}
        loadMoreText={t('loadMore')}
        noMoreText={t('noMore')}
        scrollRef={scroller}
        testIds={{ scroll: 'notes-scroll', empty: 'notes-empty', loadMore: 'notes-load-more', noMore: 'notes-no-more' }}
      />
      {creating && (
        <NoteForm
          onClose={() => setCreating(false)}
          onSaved={() => (scope === 'mine' && !searchText ? notes.reload() : notes.refresh())}
        />
      )}
    </ListPage>
  );
}
