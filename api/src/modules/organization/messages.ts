import { quoted } from 'shared/contract';

/** Russian answers of the organisation calls (toasts and errors). */
export const ORGANIZATION_MESSAGES = {
  created: 'Организация создана',
  updated: 'Данные организации сохранены',
  deleted: 'Организация удалена',
  notFound: 'Организация не найдена',
  innTaken: 'Организация с таким ИНН уже зарегистрирована',
  liveApplications: 'Нельзя удалить организацию: у неё есть заявки в работе. Завершите или удалите их',
  hasHistory: 'Нельзя удалить организацию: по ней есть завершённые сделки или движение денег',
  dadataOff: 'Поиск организации по ИНН недоступен: заполните данные вручную',
  dadataNotFound: 'Организация с таким ИНН не найдена: проверьте ИНН или заполните данные вручную',
  dadataDown: 'Сервис поиска организаций временно недоступен: попробуйте позже или заполните данные вручную',
  documentUploaded: 'Документ загружен',
  documentDeleted: 'Документ удалён',
  documentNotFound: 'Документ не найден',
  inviteSent: 'Приглашение отправлено',
  inviteNotFound: 'Приглашение не найдено',
  inviteExpired: 'Срок действия приглашения истёк: попросите руководителя прислать новое',
  inviteWithdrawn: 'Приглашение отозвано',
  inviteAccepted: 'Вы стали сотрудником организации',
  inviteDeclined: 'Приглашение отклонено',
  alreadyMember: 'Этот пользователь уже состоит в организации',
  tooManyTries: (wait: string) => `Слишком много попыток ввода кода. Попробуйте через ${wait}`,
  tooManyInvitesToPhone: (wait: string) => `Слишком много приглашений на этот номер, попробуйте через ${wait}`,
  tooManyInvites: (wait: string) => `Слишком много приглашений, попробуйте через ${wait}`,
  employeeNotFound: 'Сотрудник не найден',
  employeeUpdated: 'Должность сохранена',
  employeeRemoved: 'Сотрудник исключён из организации',
  employeeLeft: 'Вы вышли из организации',
  directorChanged: 'Руководство организацией передано',
  /** Notifications of the member concerned (the director's own action answers with the lines above). */
  removedNotice: (organization: string) => `Руководитель исключил вас из организации ${quoted(organization)}. Её профиль вам больше недоступен`,
  deletedNotice: (organization: string) => `Организация ${quoted(organization)} удалена руководителем. Её профиль вам больше недоступен`,
  directorNotice: (organization: string) => `Вам передано руководство организацией ${quoted(organization)}`,
  smsFailed: 'Не удалось отправить СМС с приглашением, попробуйте позже',
} as const;

/** The SMS an invitee gets: who invites and the code (the dev inbox reads the code from meta). */
export const inviteSmsText = (organization: string, code: string, days: number) =>
  `Вас приглашают в организацию ${quoted(organization)} на площадке. Код приглашения: ${code}. Действует ${days} дней.`;
