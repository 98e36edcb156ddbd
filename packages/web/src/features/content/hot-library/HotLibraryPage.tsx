import { Button, Input, Tag, TextArea } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMobile } from '../../../app/layout.ts';
import { FormModal, useFormFields } from '../../../shared/FormModal.tsx';
import { ListPage, PagedListView, SearchInput } from '../../../shared/ListPage.tsx';
import { usePagedList } from '../../../shared/pagedList.ts';
import { type HotItem, hotLibraryApi } from './hotLibraryApi.ts';
import '../notes/notes.css';

/** /modi-hot-library: saved hot items and imported notes. */
export default function HotLibraryPage() {
  const { t } = useTranslation(['hotLibrary', 'common']);
  const [input, setInput] = useState('');
  const [searchText, setSearchText] = useState('');
  const [adding, setAdding] = useState(false);
  const items = usePagedList<HotItem>((pageNum, pageSize) => hotLibraryApi.list(searchText, pageNum, pageSize), 10, searchText);
  return (
    <ListPage
      testId="hot-library-page"
      className="notes-page"
      title={t('title')}
      intro={t('intro')}
      toolbar={
        <>
          <SearchInput
            value={input}
            onChange={setInput}
            onSearch={setSearchText}
            onClear={() => setSearchText('')}
            placeholder={t('searchPlaceholder')}
            searchText={t('search')}
          />
          <Button theme="solid" onClick={() => setAdding(true)} data-testid="hot-new">
            {t('newItem')}
          </Button>
        </>
      }
    >
      {/* Desktop loads more with the button only (an automatic load moved the button away under the cursor). */}
      <PagedListView
        list={items}
        renderItem={(item) => (
          <article className="notes-card" key={item.itemId} data-testid="hot-item">
            <div className="notes-card-body">
              <Link className="notes-card-title" to={`/modi-hot-library/${item.itemId}`}>
                {item.title}
              </Link>
              <p className="notes-card-text">{item.content}</p>
              <div className="notes-card-meta">
                <Tag size="small">{t(`source_${item.source}`)}</Tag>
                {item.platform && <Tag size="small">{item.platform}</Tag>}
                {item.hot && <small>🔥 {item.hot}</small>}
                <small>{formatDate(item.createdAt)}</small>
              </div>
            </div>
          </article>
        )}
        autoLoad={isMobile}
        emptyText={t('empty')}
        loadMoreText={t('loadMore')}
        noMoreText={t('noMore')}
      />
      {adding && <HotItemForm onClose={() => setAdding(false)} onSaved={items.reload} />}
    </ListPage>
  );
}

function HotItemForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['hotLibrary', 'common']);
  const [form, , bind] = useFormFields({ title: '', content: '', url: '', platform: '', hot: '' });
  const save = () =>
    hotLibraryApi.save({
      title: form.title.trim(),
      content: form.content,
      url: form.url.trim(),
      platform: form.platform.trim(),
      hot: form.hot.trim(),
    });
  return (
    <FormModal
      title={t('newItem')}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      successText={t('saved')}
      okText={t('save')}
      canSubmit={!!form.title.trim()}
    >
      <Input {...bind('title')} placeholder={t('itemTitle')} maxLength={300} />
      <TextArea {...bind('content')} placeholder={t('content')} rows={5} />
      <Input {...bind('url')} placeholder={t('url')} />
      <Input {...bind('platform')} placeholder={t('platform')} maxLength={30} />
      <Input {...bind('hot')} placeholder={t('hot')} maxLength={30} />
    </FormModal>
  );
}
