import { Banner, Button, Input, Spin } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import type { ReactNode, Ref } from 'react';
import { type PagedList, useLoadMoreSentinel } from './pagedList.ts';
import './listPage.css';

/**
 * A page that lists things: title, intro, a notice (read-only, a missing prerequisite), the toolbar
 * (search, filters, "new"), then the list itself (`children`, usually <ListStates> and a <ListGrid>).
 */
export function ListPage({
  testId,
  className,
  title,
  intro,
  header,
  notice,
  toolbar,
  children,
}: {
  testId: string;
  /** The page's own class (its own layout rules), beside the shared ones. */
  className?: string;
  title?: ReactNode;
  intro?: ReactNode;
  /** In place of title and intro (a welcome, tabs). */
  header?: ReactNode;
  notice?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `list-page ${className}` : 'list-page'} data-testid={testId}>
      {header}
      {title !== undefined && <h2>{title}</h2>}
      {intro !== undefined && <p className="list-page-intro">{intro}</p>}
      {notice}
      {toolbar && <div className="list-page-toolbar">{toolbar}</div>}
      {children}
    </div>
  );
}

/** The read-only notice for members who may look but not change. */
export function ReadOnlyNotice({ text }: { text: string }) {
  return <Banner type="info" description={text} closeIcon={null} />;
}

/**
 * The search box of a list: the text applies on Enter or the search button (not per key press);
 * clearing the box calls `onClear`.
 */
export function SearchInput({
  value,
  onChange,
  onSearch,
  onClear,
  placeholder,
  searchText,
  maxLength,
  testIds = {},
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (text: string) => void;
  onClear: () => void;
  placeholder: string;
  searchText: string;
  maxLength?: number;
  testIds?: { input?: string; search?: string };
}) {
  return (
    <>
      <Input
        value={value}
        onChange={onChange}
        onEnterPress={() => onSearch(value.trim())}
        placeholder={placeholder}
        showClear
        onClear={onClear}
        maxLength={maxLength}
        data-testid={testIds.input}
      />
      <Button onClick={() => onSearch(value.trim())} data-testid={testIds.search}>
        {searchText}
      </Button>
    </>
  );
}

/** A card's edit and delete buttons. */
export function EditDeleteActions({
  onEdit,
  onDelete,
  editText,
  deleteText,
}: {
  onEdit: () => void;
  onDelete: () => void;
  editText: string;
  deleteText: string;
}) {
  return (
    <>
      <Button size="small" onClick={onEdit}>
        {editText}
      </Button>
      <Button size="small" type="danger" onClick={onDelete}>
        {deleteText}
      </Button>
    </>
  );
}

/** What a list query is: react-query's result fits. */
interface ListQuery<T> {
  isLoading: boolean;
  error: unknown;
  data?: T;
  refetch: () => unknown;
}

/**
 * Loading, failed (with retry) and empty for one list query. Empty is an empty array unless
 * `isEmpty` says otherwise (a page of results).
 */
export function ListStates<T>({
  query,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  emptyText,
  emptyTestId,
}: {
  query: ListQuery<T>;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  emptyTestId?: string;
}) {
  return (
    <>
      {query.isLoading && <Spin />}
      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data !== undefined && isEmpty(query.data) && <EmptyState text={emptyText} testId={emptyTestId} />}
    </>
  );
}

/** Cards side by side, as many as fit. */
export function ListGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `list-grid ${className}` : 'list-grid'}>{children}</div>;
}

/** One thing in a list, with its actions (edit, delete, choose) at the bottom. */
export function ListCard({
  children,
  actions,
  testId,
  className,
  selected,
}: {
  children: ReactNode;
  actions?: ReactNode;
  testId: string;
  className?: string;
  selected?: boolean;
}) {
  return (
    <article
      className={className ? `list-card ${className}` : 'list-card'}
      data-testid={testId}
      data-selected={selected === undefined ? undefined : selected ? 'true' : 'false'}
    >
      {children}
      {actions && <div className="list-card-actions">{actions}</div>}
    </article>
  );
}

/**
 * A list loaded page by page (spec 001 §4) in its own scroll container: failed (with retry), the
 * items, loading, empty, then "load more" or "no more". With `autoLoad` (phones) the next page also
 * loads when the bottom scrolls into view.
 */
export function PagedListView<T>({
  list,
  renderItem,
  autoLoad,
  emptyText,
  loadMoreText,
  noMoreText,
  scrollRef,
  testIds = {},
}: {
  list: PagedList<T>;
  renderItem: (item: T) => ReactNode;
  autoLoad: boolean;
  emptyText: string;
  loadMoreText: string;
  noMoreText: string;
  scrollRef?: Ref<HTMLDivElement>;
  testIds?: { scroll?: string; empty?: string; loadMore?: string; noMore?: string };
}) {
  const sentinel = useLoadMoreSentinel(() => list.loadMore(), autoLoad);
  return (
    <div className="list-scroll" ref={scrollRef} data-testid={testIds.scroll}>
      {list.error != null && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.list.map(renderItem)}
      {list.loading && <Spin />}
      {!list.loading && list.error == null && list.pageNum > 0 && list.list.length === 0 && (
        <EmptyState text={emptyText} testId={testIds.empty} />
      )}
      {list.list.length > 0 && !list.loading && (
        <div className="list-more">
          {list.done ? (
            <span data-testid={testIds.noMore}>{noMoreText}</span>
          ) : (
            <Button onClick={list.loadMore} data-testid={testIds.loadMore}>
              {loadMoreText}
            </Button>
          )}
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
