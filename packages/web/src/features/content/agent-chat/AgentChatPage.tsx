import { IconDelete, IconEdit, IconMenu, IconPlus, IconSend, IconStop } from '@douyinfe/semi-icons';
import { Banner, Button, Input, Modal, SideSheet, Spin, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { ErrorState, errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyText } from '../../app/shell/copyText.ts';
import { ComplianceHits } from '../compliance/ComplianceHits.tsx';
import {
  type AgentConversation,
  type AgentMessage,
  type AgentToolCall,
  agentChatApi,
  ask,
  type RunningTool,
} from './agentChatApi.ts';
import { Markdown } from './Markdown.tsx';
import './agentChat.css';

const LIST_KEY = ['agent', 'conversations'] as const;
const safeLink = (url: string) => /^https?:\/\//i.test(url);

function ToolCard({ call }: { call: AgentToolCall | RunningTool }) {
  const { t } = useTranslation('agentChat');
  const running = 'status' in call && call.status === 'running';
  return (
    <details className={`agent-tool${call.ok ? '' : ' agent-tool-failed'}`} data-testid="agent-tool">
      <summary>
        <Tag size="small" color={call.ok ? 'blue' : 'red'}>
          {t(`tool_${call.name}`, { defaultValue: call.name })}
        </Tag>
        <span className="agent-tool-summary">{running ? t('toolRunning') : call.summary}</span>
        {running && <Spin size="small" />}
      </summary>
      {call.items.length > 0 && (
        <ol>
          {call.items.map((item, n) => (
            <li key={`${item.title}-${n}`}>
              {item.url.startsWith('/') ? (
                <Link to={item.url} data-testid="agent-tool-link">
                  {item.title}
                </Link>
              ) : safeLink(item.url) ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                  {item.title}
                </a>
              ) : (
                <span>{item.title}</span>
              )}
              {item.detail && <small> · {item.detail}</small>}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

function MessageBubble({ message, tools }: { message: AgentMessage; tools: Array<AgentToolCall | RunningTool> }) {
  const { t } = useTranslation('agentChat');
  if (message.role === 'user')
    return (
      <div className="agent-msg agent-msg-user" data-testid="agent-question">
        <div className="agent-bubble">{message.content}</div>
      </div>
    );
  const writing = message.status === 'streaming';
  return (
    <div className="agent-msg agent-msg-agent" data-testid="agent-answer" data-status={message.status}>
      <div className="agent-bubble">
        {tools.map((call, n) => (
          <ToolCard key={`${call.name}-${n}`} call={call} />
        ))}
        {message.content ? (
          <Markdown text={message.content} />
        ) : writing ? (
          <span className="agent-thinking">{t('thinking')}</span>
        ) : null}
        {!writing && message.compliance ? <ComplianceHits verdict={message.compliance} /> : null}
        {message.status === 'stopped' && <Tag size="small">{t('status_stopped')}</Tag>}
        {message.status === 'failed' && (
          <Banner type="danger" closeIcon={null} description={message.error ?? t('status_failed')} data-testid="agent-error" />
        )}
        {!writing && message.content && (
          <Button
            size="small"
            theme="borderless"
            className="agent-copy"
            onClick={async () =>
              (await copyText(message.content)) ? Toast.success(t('copied')) : Toast.warning(t('copyFailed'))
            }
          >
            {t('copy')}
          </Button>
        )}
      </div>
    </div>
  );
}

function ConversationList({
  list,
  activeId,
  onOpen,
  onNew,
  onRename,
  onDelete,
}: {
  list: AgentConversation[];
  activeId: string | null;
  onOpen(id: string): void;
  onNew(): void;
  onRename(c: AgentConversation): void;
  onDelete(c: AgentConversation): void;
}) {
  const { t } = useTranslation('agentChat');
  return (
    <div className="agent-list" data-testid="agent-conversations">
      <Button icon={<IconPlus />} theme="solid" block onClick={onNew} data-testid="agent-new">
        {t('newChat')}
      </Button>
      {list.length === 0 && <p className="agent-list-empty">{t('noConversations')}</p>}
      {list.map((c) => (
        <div
          key={c.conversationId}
          className={`agent-list-item${c.conversationId === activeId ? ' agent-list-item-active' : ''}`}
          data-testid="agent-conversation"
        >
          <button type="button" className="agent-list-open" onClick={() => onOpen(c.conversationId)}>
            <span className="agent-list-title">{c.title || t('untitled')}</span>
            <small>{formatDate(c.updatedAt)}</small>
          </button>
          <Button size="small" theme="borderless" icon={<IconEdit />} aria-label={t('rename')} onClick={() => onRename(c)} />
          <Button
            size="small"
            theme="borderless"
            type="danger"
            icon={<IconDelete />}
            aria-label={t('delete')}
            onClick={() => onDelete(c)}
          />
        </div>
      ))}
    </div>
  );
}

/** /mott-agent: the marketing agent (docs/marketing.md "Workbench and agent chat"). */
export default function AgentChatPage() {
  const { t } = useTranslation(['agentChat', 'common']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activeId = params.get('c');
  const status = useQuery({ queryKey: ['agent', 'status'], queryFn: agentChatApi.status });
  const conversations = useQuery({ queryKey: LIST_KEY, queryFn: agentChatApi.list });
  const [messages, setMessages] = useState<AgentMessage[]>([]);
  const [liveTools, setLiveTools] = useState<RunningTool[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [renaming, setRenaming] = useState<AgentConversation | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const streamAbort = useRef<AbortController | null>(null);

  const open = useCallback(
    (id: string | null) => {
      streamAbort.current?.abort();
      setParams(id ? { c: id } : {}, { replace: false });
      setDrawer(false);
    },
    [setParams],
  );

  // Loads the open conversation; while an answer of it is still written elsewhere (a reload), re-reads it.
  const history = useQuery({
    queryKey: ['agent', 'messages', activeId],
    queryFn: () => agentChatApi.messages(activeId as string),
    enabled: !!activeId && !sending,
    refetchInterval: (q) => (q.state.data?.messages.some((m) => m.status === 'streaming') ? 2000 : false),
  });
  useEffect(() => {
    if (history.data && !sending) setMessages(history.data.messages);
  }, [history.data, sending]);
  useEffect(() => {
    if (!activeId) setMessages([]);
  }, [activeId]);
  // A conversation that is gone (deleted elsewhere, another account's link) starts a new one.
  useEffect(() => {
    if (history.isError) {
      Toast.warning(errorText(history.error, t));
      open(null);
    }
  }, [history.isError, history.error, open, t]);
  useEffect(() => () => streamAbort.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the messages change
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [messages, liveTools]);

  const streaming = messages.find((m) => m.role === 'assistant' && m.status === 'streaming');
  const engineMissing = status.data?.chatEngine === false;

  async function send(text: string) {
    const question = text.trim();
    if (!question || sending || streaming) return;
    setSending(true);
    const controller = new AbortController();
    streamAbort.current = controller;
    let started = false;
    try {
      let id = activeId;
      if (!id) {
        id = (await agentChatApi.create()).conversationId;
        setParams({ c: id });
      }
      setDraft('');
      let answerId = '';
      started = false;
      const patchAnswer = (fn: (m: AgentMessage) => AgentMessage) =>
        setMessages((list) => list.map((m) => (m.messageId === answerId ? fn(m) : m)));
      await ask(
        id,
        question,
        {
          start: (q, a) => {
            started = true;
            answerId = a.messageId;
            setLiveTools([]);
            setMessages((list) => [...list, q, a]);
          },
          tool: (call) =>
            setLiveTools((tools) => {
              const next = [...tools];
              next[call.index] = call;
              return next;
            }),
          delta: (piece) => patchAnswer((m) => ({ ...m, content: m.content + piece })),
          restart: () => patchAnswer((m) => ({ ...m, content: '' })),
          done: (final) => {
            setLiveTools([]);
            patchAnswer(() => final);
          },
        },
        controller.signal,
      );
    } catch (err) {
      if (!controller.signal.aborted) Toast.error(errorText(err, t));
      // A refusal (no engine, not enough points) leaves the question in the box.
      if (!started) setDraft(question);
    } finally {
      setSending(false);
      setLiveTools([]);
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ['agent', 'messages'] });
    }
  }

  async function stop() {
    if (!streaming) return;
    try {
      await agentChatApi.stop(streaming.messageId);
      Toast.success(t('stoppedToast'));
    } catch (err) {
      Toast.error(errorText(err, t));
    }
    if (!sending) void history.refetch();
  }

  function confirmDelete(c: AgentConversation) {
    Modal.confirm({
      title: t('deleteConfirm'),
      onOk: async () => {
        try {
          await agentChatApi.remove(c.conversationId);
          Toast.success(t('deleted'));
          if (c.conversationId === activeId) open(null);
          await queryClient.invalidateQueries({ queryKey: LIST_KEY });
        } catch (err) {
          Toast.error(errorText(err, t));
        }
      },
    });
  }

  async function saveTitle() {
    if (!renaming || !newTitle.trim()) return;
    try {
      await agentChatApi.rename(renaming.conversationId, newTitle.trim());
      Toast.success(t('renamed'));
      setRenaming(null);
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    } catch (err) {
      Toast.error(errorText(err, t));
    }
  }

  const list = conversations.data?.list ?? [];
  const listPanel = (
    <ConversationList
      list={list}
      activeId={activeId}
      onOpen={open}
      onNew={() => open(null)}
      onRename={(c) => {
        setRenaming(c);
        setNewTitle(c.title);
      }}
      onDelete={confirmDelete}
    />
  );
  const activeTitle = list.find((c) => c.conversationId === activeId)?.title;

  return (
    <div className="agent-page" data-testid="agent-page">
      <aside className="agent-side">{listPanel}</aside>
      <SideSheet visible={drawer} onCancel={() => setDrawer(false)} placement="left" width={300} title={t('conversations')}>
        {listPanel}
      </SideSheet>
      <section className="agent-main">
        <header className="agent-head">
          <Button
            className="agent-drawer-button"
            icon={<IconMenu />}
            theme="borderless"
            aria-label={t('conversations')}
            onClick={() => setDrawer(true)}
            data-testid="agent-drawer"
          />
          <h2>{activeTitle || t('title')}</h2>
        </header>
        {engineMissing && (
          <Banner type="warning" closeIcon={null} description={t('notConfigured')} data-testid="agent-engine-missing" />
        )}
        {conversations.error != null && <ErrorState error={conversations.error} onRetry={() => conversations.refetch()} />}
        <div className="agent-messages" ref={scroller} data-testid="agent-messages">
          {messages.length === 0 && !history.isLoading && (
            <div className="agent-welcome">
              <h3>{t('welcome')}</h3>
              <p>{t('intro')}</p>
              <div className="agent-suggestions">
                {(['suggestion1', 'suggestion2', 'suggestion3'] as const).map((key) => (
                  <Button key={key} disabled={engineMissing} onClick={() => void send(t(key))} data-testid="agent-suggestion">
                    {t(key)}
                  </Button>
                ))}
              </div>
            </div>
          )}
          {history.isLoading && activeId && <Spin />}
          {messages.map((m) => (
            <MessageBubble
              key={m.messageId}
              message={m}
              tools={m.status === 'streaming' && liveTools.length ? liveTools : m.tools}
            />
          ))}
        </div>
        <footer className="agent-composer">
          <TextArea
            value={draft}
            onChange={setDraft}
            autosize={{ minRows: 1, maxRows: 6 }}
            maxCount={4000}
            placeholder={t('placeholder')}
            disabled={engineMissing}
            data-testid="agent-input"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send(draft);
              }
            }}
          />
          {streaming ? (
            <Button icon={<IconStop />} type="danger" onClick={() => void stop()} data-testid="agent-stop">
              {t('stop')}
            </Button>
          ) : (
            <Button
              icon={<IconSend />}
              theme="solid"
              loading={sending}
              disabled={engineMissing || !draft.trim()}
              onClick={() => void send(draft)}
              data-testid="agent-send"
            >
              {t('send')}
            </Button>
          )}
        </footer>
        {status.data && <p className="agent-cost">{t('costHint', { cost: status.data.answerCost })}</p>}
      </section>
      <Modal
        title={t('renameTitle')}
        visible={!!renaming}
        onCancel={() => setRenaming(null)}
        onOk={() => void saveTitle()}
        okButtonProps={{ disabled: !newTitle.trim() }}
      >
        <Input value={newTitle} onChange={setNewTitle} maxLength={60} data-testid="agent-rename-input" />
      </Modal>
    </div>
  );
}
