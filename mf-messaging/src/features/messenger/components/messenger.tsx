import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BackLink, EmptyState, ErrorState, messagingKeys, PageHeader, useQueryRetry, useSessionStore } from 'shared';
import { useMessagingLive, useMessagings, type Message, type MessagePages, type Messaging } from 'shared/lk';
import { useConversation } from '../hooks/use-conversation';
import { useDraftHeading, type DraftView } from '../hooks/use-draft-heading';
import { useLiveLost } from '../hooks/use-live-lost';
import { useSelection, type Selection } from '../hooks/use-selection';
import { messagesPaths } from '../lib/paths';
import { TEXTS } from '../lib/texts';
import { wholeLoad } from '../lib/whole-load';
import type { Draft, QueuedMessage } from './composer';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';
import type { ThreadHeading } from './thread-header';
import './messenger.css';

function uniqueById(items: Messaging[]): Messaging[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** A conversation's heading: its interlocutor and application, once the list or its own query has it. */
function conversationHeading(conversation: Messaging | undefined): ThreadHeading {
  if (!conversation) return { title: 'Диалог', application: null };
  return { title: conversation.interlocutor.name, application: conversation.application };
}

/** True after the selection changes in this visit (not on arrival): the thread's title takes the focus. */
function useSelectionChanged(key: string): boolean {
  const first = useRef(key);
  const changed = useRef(false);
  if (key !== first.current) changed.current = true;
  return changed.current;
}

/**
 * What stands in the thread's place with no conversation to show (a refused link, a failed lookup):
 * on a phone the list is hidden behind it, so the thread's way back to the list comes along.
 */
function WithBackLink({ children }: { children: ReactNode }) {
  return (
    <div className="msg-thread">
      <BackLink to={messagesPaths.list} className="msg-back">
        {TEXTS.back}
      </BackLink>
      {children}
    </div>
  );
}

/**
 * What a new conversation's composer held when its first message arrived, and the messages sent
 * after it that had not gone yet, for the conversation's own composer.
 */
interface CarriedDraft {
  messagingId: number;
  draft: Draft;
  queued: QueuedMessage[];
}

interface DraftThreadProps {
  selection: Extract<Selection, { kind: 'draft' }>;
  /** Whom the link writes to, or why nobody (useDraftHeading, asked by the page: the list says whether one is written). */
  view: DraftView;
  profileId: number;
  focusTitle: boolean;
  onStarted: (carried: CarriedDraft) => void;
}

function DraftThread({ selection, view, profileId, focusTitle, onStarted }: DraftThreadProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const target = selection.profileId === null ? { applicationId: selection.applicationId } : { applicationId: selection.applicationId, profileId: selection.profileId };
  // The conversation now exists: its thread starts from the message just sent, and the URL names it.
  const onSent = (message: Message, unsent: Draft, queued: QueuedMessage[]) => {
    const key = messagingKeys.thread(profileId, message.messagingId, {});
    const pages: MessagePages = { pages: [{ items: [message], total: 1, page: 1, limit: 30 }], pageParams: [1] };
    if (!queryClient.getQueryData(key)) queryClient.setQueryData(key, pages);
    // The writer stays in the message field of the conversation that replaces this one, with what
    // he typed while the first message went.
    onStarted({ messagingId: message.messagingId, draft: unsent, queued });
    void navigate(messagesPaths.conversation(message.messagingId), { replace: true, state: { started: true } });
  };
  // An old, mistyped or crafted link: no application, or nobody this profile may write to about it.
  if ('refusal' in view) {
    return (
      <WithBackLink>
        <EmptyState title={view.refusal.title} description={view.refusal.description} />
      </WithBackLink>
    );
  }
  const who = view.to === 'customer' ? 'заказчик' : 'исполнитель';
  return (
    <Thread
      profileId={profileId}
      messagingId={null}
      target={target}
      heading={view.heading}
      listUnread={0}
      focusTitle={focusTitle}
      onSent={onSent}
      emptyHint={`Напишите первое сообщение: ${who} увидит его в разделе «Сообщения», и здесь появится ваш диалог по этой заявке.`}
    />
  );
}

/** `/lk/message`: the conversations and the open one side by side; on a phone, one at a time. */
export function Messenger({ profileId }: { profileId: number }) {
  useMessagingLive();
  const liveLost = useLiveLost();
  const selection = useSelection(profileId);
  const list = useMessagings(profileId);
  const listLoad = useQueryRetry<HTMLElement>(wholeLoad(list));
  const conversations = uniqueById(list.data?.pages.flatMap((page) => page.items) ?? []);
  const selectedId = selection.kind === 'conversation' ? selection.messagingId : null;
  const selectionKey = selection.kind === 'conversation' ? `c${selection.messagingId}` : selection.kind;
  const started = (useLocation().state as { started?: boolean } | null)?.started === true;
  const focusTitle = useSelectionChanged(selectionKey) && !started;
  const open = selection.kind !== 'none';
  const newOne = selection.kind === 'draft' ? selection : null;
  const viewerType = useSessionStore((s) => s.activeProfile?.type ?? null);
  const draftView = useDraftHeading(newOne?.applicationId ?? null, newOne?.profileId ?? null, profileId, viewerType);
  // A first message is being written beside the list (or its conversation looked for): not a
  // link that opens nothing to write, nor a conversation that is not there.
  const writing = (selection.kind === 'lookup' && !selection.isError) || (newOne !== null && !('refusal' in draftView));
  const listed = conversations.find((c) => c.id === selectedId);
  // Not among the list's loaded pages (further down, or the list not there yet): asked for alone.
  const asked = useConversation(profileId, selectedId, { enabled: selectedId !== null && !listed });
  const [carried, setCarried] = useState<CarriedDraft | null>(null);
  // Taken by the new conversation's composer as it opens; not offered again once the page moves on.
  useEffect(() => setCarried((now) => (now && selectionKey === `c${now.messagingId}` ? now : null)), [selectionKey]);

  let thread;
  if (selection.kind === 'conversation') {
    // Started in this visit by the first message written here (not a Back or Forward to it later).
    const justStarted = started && carried?.messagingId === selection.messagingId ? carried : null;
    thread = (
      <Thread
        key={selection.messagingId}
        profileId={profileId}
        messagingId={selection.messagingId}
        target={{ messagingId: selection.messagingId }}
        heading={conversationHeading(listed ?? asked)}
        listUnread={listed?.unread ?? 0}
        focusTitle={focusTitle}
        focusComposer={started}
        initialDraft={justStarted?.draft ?? null}
        initialQueue={justStarted?.queued}
        announceSent={justStarted !== null}
        listHasConversations={conversations.length > 0 || (list.isSuccess ? false : null)}
      />
    );
  } else if (selection.kind === 'draft') {
    thread = (
      <DraftThread key={`${selection.applicationId}-${selection.profileId}`} selection={selection} view={draftView} profileId={profileId} focusTitle={focusTitle} onStarted={setCarried} />
    );
  } else if (selection.kind === 'lookup') {
    thread = selection.isError ? (
      <WithBackLink>
        <ErrorState title={TEXTS.threadError} message="Не удалось найти диалог по заявке." onRetry={selection.retry} />
      </WithBackLink>
    ) : (
      <div className="msg-log msg-log--loading" aria-busy="true">
        <p role="status">Ищем диалог по заявке…</p>
      </div>
    );
  } else if (conversations.length > 0) {
    thread = <EmptyState title={TEXTS.chooseConversation} />;
  }

  return (
    <div className="msg-page">
      <PageHeader title={TEXTS.title} />
      {/* Always there (a status that appears with its words would not say them), shown with them. */}
      <p role="status" className="msg-live">
        {liveLost && (
          <span className="msg-live__lost">
            <span className="msg-live__sentence">{TEXTS.liveLost}</span>
            <span className="msg-live__short" aria-hidden="true">
              {TEXTS.liveLostShort}
            </span>
          </span>
        )}
      </p>
      <div className="msg-layout" data-open={open ? 'thread' : 'list'} data-panes={thread ? 2 : 1}>
        <div className="msg-pane msg-pane--list">
          <ConversationList
            conversations={conversations}
            selectedId={selectedId}
            threadOpen={open}
            writing={writing}
            load={listLoad}
            moreError={list.isFetchNextPageError ? list.error : null}
            hasMore={Boolean(list.hasNextPage)}
            loadingMore={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
          />
        </div>
        {thread && <div className="msg-pane msg-pane--thread">{thread}</div>}
      </div>
    </div>
  );
}
