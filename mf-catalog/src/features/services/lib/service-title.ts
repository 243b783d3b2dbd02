import type { Service } from 'shared';

/** The service page's title (a group's, or a service's): the server's head and the tab alike. */
export function serviceTitle(service: Service): string {
  return service.parentId === null ? `${service.name}: все услуги группы` : `${service.name}: заявки и исполнители`;
}
