import type { Ref } from 'react';
import { formatFileSize, formatTime, VisuallyHidden } from 'shared';
import { downloadMessageDocument, type Message } from 'shared/lk';

/** ✓ sent, ✓✓ read by the interlocutor; the words for screen readers. */
function ReadMark({ read }: { read: boolean }) {
  return (
    <span className={read ? 'msg-read msg-read--read' : 'msg-read'}>
      <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
      <VisuallyHidden>{read ? 'Прочитано' : 'Отправлено'}</VisuallyHidden>
    </span>
  );
}

/**
 * One message: who wrote it (for screen readers), its text and files, the time. It takes the focus
 * from script (tabIndex -1), as the first of the older messages loaded by keyboard, and is then
 * read out by its content.
 */
export function MessageItem({ message, own, ref }: { message: Message; own: boolean; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} className={own ? 'msg-bubble msg-bubble--own' : 'msg-bubble'}>
      <VisuallyHidden>{own ? 'Вы:' : `${message.author.name}:`} </VisuallyHidden>
      {message.text && <p className="msg-bubble__text">{message.text}</p>}
      {message.documents.length > 0 && (
        <ul className="msg-docs" aria-label="Файлы">
          {message.documents.map((doc) => (
            <li key={doc.id}>
              <button type="button" className="msg-doc" onClick={() => void downloadMessageDocument(doc)} aria-label={`Скачать «${doc.name}», ${formatFileSize(doc.sizeBytes)}`}>
                <span aria-hidden="true" className="msg-doc__icon">
                  📄
                </span>
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
