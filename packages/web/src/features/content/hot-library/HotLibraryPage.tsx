import { Button, Input, Modal, Spin, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState, errorText } from '@productimage/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMobile } from '../../../app/layout.ts';
import { useLoadMoreSentinel, usePagedList } from '../notes/pagedList.ts';
import { type HotItem, hotLibraryApi } from './hotLibraryApi.ts';
import '../notes/notes.css';

/** /modi-hot-library: saved hot items and imported notes. */
export default function HotLibraryPage() {
  const { t } = useTranslation(['hotLibrary', 'common']);
  const [input, setInput] = useState('');
  const [searchText, setSearchText] = useState('');
  const [adding, setAdding] = useState(false);
  const items = usePagedList<HotItem>((pageNum, pageSize) => hotLibraryApi.list(searchText, pageNum, pageSize), 10, searchText);
  // Desktop loads more with the button only (an automatic load moved the button away under the cursor).
  const sentinel = useLoadMoreSentinel(() => items.loadMore(), isMobile);
  return (
    <div className="notes-page" data-testid="hot-library-page">
      <h2>{t('title')}</h2>
      <p>{t('intro')}</p>
      <div className="notes-toolbar">
        <Input
          value={input}
          onChange={setInput}
          onEnterPress={() => setSearchText(input.trim())}
          placeholder={t('searchPlaceholder')}
          showClear
          onClear={() => setSearchText('')}
        />
        <Button onClick={() => setSearchText(input.trim())}>{t('search')}</Button>
        <Button theme="solid" onClick={() => setAdding(true)} data-testid="hot-new">
          {t('newItem')}
        </Button>
      </div>
      <div className="notes-scroll">
        {items.error != null && <ErrorState error={items.error} onRetry={items.reload} />}
        {items.list.map((item) => (
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
        ))}
        {items.loading && <Spin />}
        {!items.loading && items.error == null && items.pageNum > 0 && items.list.length === 0 && (
          <EmptyState text={t('empty')} />
        )}
        {items.list.length > 0 && !items.loading && (
          <div className="notes-more">{items.done ? t('noMore') : <Button onClick={items.loadMore}>{t('loadMore')}</Button>}</div>
        )}
        <div ref={sentinel} aria-hidden="true" />
      </div>
      {adding && <HotItemForm onClose={() => setAdding(false)} onSaved={items.reload} />}
    </div>
  );
}

function HotItemForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['hotLibrary', 'common']);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [platform, setPlatform] = useState('');
  const [hot, setHot] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await hotLibraryApi.save({ title: title.trim(), content, url: url.trim(), platform: platform.trim(), hot: hot.trim() });
      Toast.success(t('saved'));
      onSaved();
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('newItem')}
      visible
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      okButtonProps={{ disabled: !title.trim(), loading: busy } as object}
    >
      <div className="notes-form">
        <Input value={title} onChange={setTitle} placeholder={t('itemTitle')} maxLength={300} />
        <TextArea value={content} onChange={setContent} placeholder={t('content')} rows={5} />
        <Input value={url} onChange={setUrl} placeholder={t('url')} />
        <Input value={platform} onChange={setPlatform} placeholder={t('platform')} maxLength={30} />
        <Input value={hot} onChange={setHot} placeholder={t('hot')} maxLength={30} />
      </div>
    </Modal>
  );
}
