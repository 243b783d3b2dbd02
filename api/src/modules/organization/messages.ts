import { applicationNumbersText, ORGANIZATION_CHANGED_MESSAGE, quoted } from 'shared/contract';

/** Russian answers of the organisation calls (toasts and errors). */
export const ORGANIZATION_MESSAGES = {
  created: 'Организация создана',
  updated: 'Данные организации сохранены',
  /** 409 ORGANIZATION_CHANGED of an update whose `seen` is not the organisation as it stands. */
  changed: ORGANIZATION_CHANGED_MESSAGE,
  deleted: 'Организация удалена',
  notFound: 'Организация не найдена',
  innTaken: 'Организация с таким ИНН уже зарегистрирована',
  /** The caller directs the organisation with that ИНН already (made by a call whose answer was lost). */
  innYours: 'Эта организация уже есть среди ваших: вы её руководитель',
  ogrnTaken: 'Организация с таким ОГРН уже зарегистрирована',
  /** Named by number (QA BAB-2: «заявки в работе» sent him looking for a deal in work among published ones). */
  liveApplications: (numbers: readonly number[], total: number) =>
    `Нельзя удалить организацию, пока у неё есть незавершённые заявки (${applicationNumbersText(numbers, total)}). Заявки без исполнителя удалите, остальные завершите или остановите`,
  hasHistory: 'Нельзя удалить организацию: по ней есть завершённые сделки или движение денег',
  /** Its replies would vanish from the customers' applications unsaid (QA TTT-2). */
  activeReplies: 'Нельзя удалить организацию: у неё есть действующие отклики на заявки. Отзовите их',
  /** The conversations are the other side's too: deleting them took the customers' own messages (QA TTT-2). */
  hasConversations: 'Нельзя удалить организацию: у неё есть переписка по заявкам, которая нужна и другой стороне',
  dadataOff: 'Поиск организации по ИНН недоступен: заполните данные вручную',
  dadataNotFound: 'Организация с таким ИНН не найдена: проверьте ИНН или заполните данные вручную',
  dadataDown: 'Сервис поиска организаций временно недоступен: попробуйте позже или заполните данные вручную',
  documentUploaded: 'Документ загружен',
  documentDeleted: 'Документ удалён',
  documentNotFound: 'Документ не найден',
  /** 403s of the cabinet's calls on another organisation's rows (ARCHITECTURE §8: a call by anyone else). */
  documentForbidden: 'Документ принадлежит другой организации',
  inviteSent: 'Приглашение отправлено',
  inviteNotFound: 'Приглашение не найдено',
  inviteForbidden: 'Приглашение отправлено другой организацией',
  inviteExpired: 'Срок действия приглашения истёк: попросите руководителя прислать новое',
  /** The invitee's code of an invite the director withdrew, or of one a newer invite replaced. */
  inviteWithdrawnByDirector: 'Приглашение отозвано руководителем организации',
  /** The invitee's code of an invite he declined himself (in another tab, or before). */
  inviteDeclinedByInvitee: 'Вы отклонили это приглашение. Если передумали, попросите руководителя прислать новое',
  /** Closed before who closed it was recorded: declined by the invitee or withdrawn by the director, nobody knows which. */
  inviteClosedUnknown: 'Приглашение больше не действует: оно отклонено или отозвано руководителем организации',
  inviteReplaced: 'Код приглашения заменён новым: введите код из последнего СМС или попросите руководителя прислать новый',
  inviteWithdrawn: 'Приглашение отозвано',
  /** The director withdraws an invite closed meanwhile (on a list left open): what became of it. */
  inviteClosedForDirector: (closed: { status: string; closedBy: string | null; acceptedBy: string | null } | null) =>
    closed?.status === 'approved'
      ? `Приглашение уже принято${closed.acceptedBy ? `: ${closed.acceptedBy} теперь сотрудник организации` : ''}`
      : closed?.closedBy === 'invitee'
        ? 'Приглашение уже отклонено'
        : closed?.closedBy === 'director'
          ? 'Приглашение уже отозвано'
          : closed?.closedBy === 'reinvite'
            ? 'Приглашение уже заменено новым'
            : 'Приглашение не найдено',
  /** The code of an invite the caller accepted, typed again (or accepted in another tab): he is a member. */
  inviteAcceptedAlready: 'Вы уже приняли это приглашение и состоите в организации',
  /** The code of an invite he accepted, and has left the organisation (or been removed) since. */
  inviteUsed: 'Этот код приглашения уже использован. Чтобы вернуться в организацию, попросите руководителя прислать новое приглашение',
  inviteAccepted: 'Вы стали сотрудником организации',
  inviteDeclined: 'Приглашение отклонено',
  alreadyMember: 'Этот пользователь уже состоит в организации',
  tooManyTries: (wait: string) => `Слишком много попыток ввода кода. Попробуйте через ${wait}`,
  tooManyInvitesToPhone: (wait: string) => `Слишком много приглашений на этот номер. Попробуйте через ${wait}`,
  tooManyInvites: (wait: string) => `Слишком много приглашений. Попробуйте через ${wait}`,
  employeeNotFound: 'Сотрудник не найден',
  employeeForbidden: 'Сотрудник состоит в другой организации',
  employeeUpdated: 'Должность сохранена',
  employeeRemoved: 'Сотрудник исключён из организации',
  employeeLeft: 'Вы вышли из организации',
  /** A stale page of an organisation the caller was removed from (or that was deleted): he acts for none now. */
  notMemberAnymore: 'Вы больше не состоите в организации',
  directorChanged: 'Руководство организацией передано',
  /** Notifications of the member concerned (the director's own action answers with the lines above). */
  removedNotice: (organization: string) => `Руководитель исключил вас из организации ${quoted(organization)}. Её профиль вам больше недоступен`,
  deletedNotice: (organization: string) => `Организация ${quoted(organization)} удалена руководителем. Её профиль вам больше недоступен`,
  directorNotice: (organization: string) => `Вам передано руководство организацией ${quoted(organization)}`,
  /** The hand-over told to the old director (her other tabs and devices) and to the other members. */
  handedOverNotice: (organization: string, heir: string) => `Вы передали руководство организацией ${quoted(organization)}. Новый руководитель: ${heir}`,
  newDirectorNotice: (organization: string, heir: string) => `Новый руководитель организации ${quoted(organization)}: ${heir}`,
  /**
   * The director's notices of what an invitee or a member did. Worded without the verb's gender
   * («принял(а)»): the name is not enough to tell it, so the name comes after a colon.
   */
  inviteAcceptedNotice: (organization: string, name: string) => `Приглашение в организацию ${quoted(organization)} принято: ${name}`,
  inviteDeclinedNotice: (organization: string, name: string) => `Приглашение в организацию ${quoted(organization)} отклонено: ${name}`,
  memberLeftNotice: (organization: string, name: string) => `Сотрудник покинул организацию ${quoted(organization)}: ${name}`,
  /** Told to the staff who remain when the director removes one of them. */
  memberRemovedNotice: (organization: string, name: string) => `Сотрудник исключён из организации ${quoted(organization)}: ${name}`,
  /** The invitee's notices (a registered one at once, a newcomer as he registers with the phone). */
  inviteNotice: (organization: string) => `Вас приглашают в организацию ${quoted(organization)}. Код приглашения отправлен по СМС`,
  reinviteNotice: (organization: string) => `Вас снова приглашают в организацию ${quoted(organization)}. Прежний код больше не действует, новый отправлен по СМС`,
  smsFailed: 'Не удалось отправить СМС с приглашением. Попробуйте позже',
} as const;

/**
 * The site's name as its pages give it (shared `SITE_NAME`, outside the API's contract). The API
 * knows no public web origin of the site to link to: PUBLIC_ORIGINS is the CORS allow-list of the
 * shell and every remote, in no set order, and localhost ones when unset.
 */
export const SITE_NAME = 'Маркетплейс услуг';

/**
 * The SMS an invitee gets: where (a newcomer has to find the site to register with this phone),
 * the code (the dev inbox reads it from meta) and where it goes. Not the organisation's name: any
 * user may name his organisation anything («…карта заблокирована, звоните…») and invite any phone,
 * and the platform's sender must not carry his text to a stranger. The code's dialog names the
 * organisation (`user/invite/code/check`), and so does a registered invitee's notification.
 */
export const inviteSmsText = (code: string, days: number) =>
  `Вас приглашают в организацию на площадке ${quoted(SITE_NAME)}. Код приглашения: ${code}, действует ${days} дней. Введите его в разделе «Организации» личного кабинета.`;
