import type { Ref } from 'react';
import { formatFileSize, formatTime, useSessionStore, VisuallyHidden } from 'shared';
import { downloadMessageDocument, type Message } from 'shared/lk';
import { linkedText } from '../lib/linked-text';

/** ✓ sent, ✓✓ read by the interlocutor; the words for screen readers. */
function ReadMark({ read }: { read: boolean }) {
  return (
    <span className={read ? 'msg-read msg-read--read' : 'msg-read'}>
      <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
      <VisuallyHidden>{read ? 'Прочитано' : 'Отправлено'}</VisuallyHidden>
    </span>
  );
}

/** The text with its web addresses as links, opened in a new tab and telling the site nothing of ours. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="msg-bubble__text">
      {linkedText(text).map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A sheet with a folded corner: drawn, as an emoji (📄) is an empty box where no emoji font is installed. */
function DocumentIcon() {
  return (
    <svg className="msg-doc__icon" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M4 1.75h5l3.25 3.25v9.25H4z" />
      <path d="M9 1.75V5h3.25" />
    </svg>
  );
}

/**
 * Who wrote a message, as its reader names him: «Вы» for the reader's own; an organisation's
 * director and employees write as one profile, so a message of the reader's side written by
 * another member, and the other side's organisation's, name the member too (`visible`: shown on
 * the bubble; the reader's own side's profile and a person's name are known from the thread).
 */
export function writerOf(message: Message, own: boolean, userId: number | undefined): { said: string; visible: string | null } {
  const { writer, author } = message;
  if (!writer) return { said: own ? 'Вы' : author.name, visible: null };
  if (own) return writer.id === userId ? { said: 'Вы', visible: null } : { said: writer.name, visible: writer.name };
  return { said: `${author.name}, ${writer.name}`, visible: writer.name };
}

/**
 * One message: who wrote it (for screen readers), its text and files, the time. It takes the focus
 * from script (tabIndex -1), as the first of the older messages loaded by keyboard, and is then
 * read out by its content.
 */
export function MessageItem({ message, own, ref }: { message: Message; own: boolean; ref?: Ref<HTMLDivElement> }) {
  const userId = useSessionStore((s) => s.user?.id);
  const { said, visible } = writerOf(message, own, userId);
  return (
    <div ref={ref} tabIndex={-1} className={own ? 'msg-bubble msg-bubble--own' : 'msg-bubble'}>
      <VisuallyHidden>{said}: </VisuallyHidden>
      {visible && (
        <p className="msg-bubble__writer" aria-hidden="true">
          {visible}
        </p>
      )}
      {message.text && <MessageText text={message.text} />}
      {message.documents.length > 0 && (
        <ul className="msg-docs" aria-label="Файлы">
          {message.documents.map((doc) => (
            <li key={doc.id}>
              <button type="button" className="msg-doc" onClick={() => void downloadMessageDocument(doc)} aria-label={`Скачать «${doc.name}», ${formatFileSize(doc.sizeBytes)}`}>
                <DocumentIcon />
                <span className="msg-doc__name">{doc.name}</span>
                <span className="msg-doc__size">{formatFileSize(doc.sizeBytes)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="msg-bubble__meta">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {own && <ReadMark read={message.read} />}
      </p>
    </div>
  );
}
