import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { BackLink } from 'shared';
import { messagesPaths } from '../lib/paths';
import { TEXTS } from '../lib/texts';

export interface ThreadHeading {
  /** Who the conversation is with. */
  title: string;
  application: { id: number; number: number; name: string } | null;
}

/** The interlocutor and the application; on a phone, the way back to the list. */
export function ThreadHeader({ heading, titleId, focus }: { heading: ThreadHeading; titleId: string; focus: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  // Opened from the list: on a phone the list is gone, so the focus moves to what replaced it.
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  const { application } = heading;
  return (
    <header className="msg-thread__head">
      <BackLink to={messagesPaths.list} className="msg-back">
        {TEXTS.back}
      </BackLink>
      <h2 id={titleId} ref={title} tabIndex={-1} className="msg-thread__title">
        {heading.title}
      </h2>
      {application && (
        <p className="msg-thread__application">
          Заявка № {application.number} · <Link to={messagesPaths.application(application.id)}>{application.name}</Link>
        </p>
      )}
    </header>
  );
}
