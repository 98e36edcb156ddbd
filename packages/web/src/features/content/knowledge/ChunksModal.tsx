import { Modal, Pagination } from '@douyinfe/semi-ui-19';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../shared/ListPage.tsx';
import { type Collection, knowledgeApi } from './knowledgeApi.ts';

/** The chunks (or question/answer pairs) a collection was split into. */
export function ChunksModal({ collection, onClose }: { collection: Collection; onClose: () => void }) {
  const { t } = useTranslation('knowledge');
  const [pageNum, setPageNum] = useState(1);
  const chunks = useQuery({
    queryKey: ['knowledge', 'chunks', collection.collectionId, pageNum],
    queryFn: () => knowledgeApi.chunks(collection.collectionId, pageNum),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal title={t('chunks', { name: collection.name })} visible onCancel={onClose} footer={null} width={720}>
      <ListStates query={chunks} isEmpty={(page) => page.total === 0} />
      {chunks.data?.list.map((c) => (
        <div className="knowledge-hit" key={c.chunkId}>
          <small>#{c.index + 1}</small>
          <p>{c.q}</p>
          {c.a && <p>{c.a}</p>}
        </div>
      ))}
      {(chunks.data?.total ?? 0) > 20 && (
        <Pagination total={chunks.data!.total} pageSize={20} currentPage={pageNum} onPageChange={setPageNum} />
      )}
    </Modal>
  );
}
