import { useRef, type RefObject } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink, Button, isNotFoundOrHiddenStatus, NotFoundState, profileLabel, QueryView, quoted, useDocumentTitle, useFromList, useLiveApplication, useSessionStore, useSwitchProfile, type ApplicationView, type SessionProfile } from 'shared';
import { applicationReplySend } from 'shared/lk';
import { useApplicationDetail } from '../features/detail/api/get-application-detail';
import { partedText } from '../features/detail/lib/labels';
import { ApplicationDetail } from '../features/detail/components/application-detail';
import { PastDocumentsSection } from '../features/detail/components/past-documents-section';
import { SectionBoundary } from '../features/detail/components/section-boundary';
import { useFocusRescue } from '../lib/use-focus-rescue';
import { lkApplicationPaths, parseRouteId, PUBLIC_APPLICATIONS } from '../lib/lk-paths';

const notFound = {
  title: 'Заявка не найдена',
  description: 'Возможно, её удалили или в адресе ошибка.',
  backTo: lkApplicationPaths.list,
  backLabel: 'Вернуться к моим заявкам',
};

/** A profile that replied, withdrew and replied again has several: the last one is what happened. */
const latestReply = <R extends { id: number }>(replies: readonly R[]): R => replies.reduce((last, reply) => (reply.id > last.id ? reply : last));

/**
 * A former replier (its reply closed, its work stopped or cancelled) is told what ended its part.
 * While the application still takes replies, and the API lists a new one among its actions (one
 * active reply per profile: a rejected or withdrawn one is not), it is told it may reply again,
 * on the public page. A former executor keeps, under that, the contract and report of his deal
 * (`pastDocuments`), as signed, to download.
 */
function PartedState({ id, application, replies }: { id: number; application: ApplicationView; replies: NonNullable<ApplicationView['replies']> }) {
  const again = application.allowedActions?.includes(applicationReplySend.path) ?? false;
  const parted = partedText(application.participation, latestReply(replies));
  // A reason the customer wrote ends without a stop as often as not: one goes before the next sentence.
  const lead = /[.!?…]$/u.test(parted) ? parted : `${parted}.`;
  return (
    <>
      <NotFoundState
        title={application.name}
        description={again ? `${lead} Заявка ещё принимает отклики: откликнуться снова можно на её странице.` : parted}
        backTo={again ? `${PUBLIC_APPLICATIONS}/${id}` : lkApplicationPaths.list}
        backLabel={again ? 'Открыть страницу заявки' : 'Вернуться к моим заявкам'}
      />
      <SectionBoundary title="Документы прекращённых сделок">
        <PastDocumentsSection documents={application.pastDocuments} parted />
      </SectionBoundary>
    </>
  );
}

/**
 * Not a party (no lk fields in the answer): an executor or organisation profile may reply on the
 * public page, and is told so. A customer profile never can (the public page offers it nothing), so
 * it is only shown the way there while the application is published, else back to its list.
 */
function OutsiderState({ id, application }: { id: number; application: ApplicationView }) {
  const type = useSessionStore((s) => s.activeProfile?.type ?? null);
  const own = useSessionStore((s) => s.profiles.find((profile) => profile.id === application.customer.id && profile.id !== s.activeProfile?.id));
  if (own) return <OwnedElsewhereState application={application} owner={own} />;
  const mayReply = type === 'executor' || type === 'organization';
  const published = application.status === 'published';
  return (
    <NotFoundState
      title={application.name}
      description={mayReply && published ? 'Вы не участвуете в этой заявке. Откликнуться на неё можно на её странице.' : 'Вы не участвуете в этой заявке.'}
      backTo={published ? `${PUBLIC_APPLICATIONS}/${id}` : lkApplicationPaths.list}
      backLabel={published ? 'Открыть страницу заявки' : 'Вернуться к моим заявкам'}
    />
  );
}

/**
 * The application of another of the user's own profiles (his customer profile, while his executor
 * one is active; an organisation he works for): opened from a link kept from before a switch, it
 * is his, and one press makes it open as that profile.
 */
function OwnedElsewhereState({ application, owner }: { application: ApplicationView; owner: SessionProfile }) {
  useDocumentTitle(application.name);
  const { switchTo, pending } = useSwitchProfile();
  const label = quoted(profileLabel(owner));
  return (
    <div className="ui-state ui-state--empty">
      <h1 className="ui-state__title">{application.name}</h1>
      <p className="ui-state__description">{`Это заявка вашего профиля ${label}. Переключитесь на него, чтобы работать с ней.`}</p>
      <div className="ui-state__action">
        <Button loading={pending} onClick={() => switchTo(owner)}>
          {`Переключиться на профиль ${label}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * The detail is answered only to the application's parties, as the active profile: a deal of
 * another of the user's profiles (a link kept from before a switch, a bookmark, an organisation's
 * member acting as himself) is «not found» to this one. He is offered the switch rather than told
 * it may have been deleted; the page reads it again as that profile.
 */
function useNotFound() {
  const profiles = useSessionStore((s) => s.profiles);
  const active = useSessionStore((s) => s.activeProfile);
  const others = profiles.filter((profile) => profile.id !== active?.id);
  const { switchTo, switchingTo } = useSwitchProfile();
  if (!active || others.length === 0) return notFound;
  return {
    ...notFound,
    title: `Заявка не найдена в профиле ${quoted(profileLabel(active))}`,
    description:
      others.length === 1
        ? 'Возможно, это заявка другого вашего профиля: переключитесь на него. Если нет, её удалили или в адресе ошибка.'
        : 'Возможно, это заявка другого вашего профиля: переключитесь на него. Если нет, её удалили или в адресе ошибка. Ваши профили:',
    actions: others.map((profile) => (
      <Button key={profile.id} loading={switchingTo === profile.id} onClick={() => switchTo(profile)}>
        {`Переключиться на профиль ${quoted(profileLabel(profile))}`}
      </Button>
    )),
  };
}

function DetailView({ id, layout }: { id: number; layout: RefObject<HTMLElement | null> }) {
  useLiveApplication(id);
  const query = useApplicationDetail(id);
  useFocusRescue(layout, query.isError ? query.error : query.data);
  return (
    <QueryView query={query} heading="Заявка" loadingLabel="Загружаем заявку…" errorFallback="Не удалось загрузить заявку" notFound={useNotFound()} isNotFound={isNotFoundOrHiddenStatus}>
      {(view) =>
        view.party ? (
          <ApplicationDetail detail={view.detail} />
        ) : view.application.replies?.length ? (
          // It replied once (its reply closed, its work stopped or cancelled): its list still holds it, and
          // this says what ended its part.
          <PartedState id={id} application={view.application} replies={view.application.replies} />
        ) : (
          <OutsiderState id={id} application={view.application} />
        )
      }
    </QueryView>
  );
}

/** `/lk/application/detail/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  const layout = useRef<HTMLDivElement>(null);
  // Opened from a view of the list (a tab, a page): back to that view.
  const list = useFromList(lkApplicationPaths.list) ?? lkApplicationPaths.list;
  return (
    <div ref={layout} className="detail-layout">
      <BackLink to={list}>Мои заявки</BackLink>
      {id === null ? <NotFoundState {...notFound} /> : <DetailView id={id} layout={layout} />}
    </div>
  );
}
