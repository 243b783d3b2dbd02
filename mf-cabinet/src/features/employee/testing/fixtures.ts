import { useSessionStore } from 'shared';
import { type Employee, type Organization } from 'shared/lk';

export const ME = { id: 7, phone: '79991234567', name: 'Иван Петров', email: null };
export const ORG_ID = 20;
export const ORG_NAME = 'ООО «Ромашка»';

/** The user acting as the organisation (or as a personal profile when `type` says so). */
export function signInAs(type: 'organization' | 'customer' = 'organization') {
  const store = useSessionStore.getState();
  const id = type === 'organization' ? ORG_ID : 11;
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ ...ME, activeProfileId: id });
  store.setProfiles([{ id, type, name: type === 'organization' ? ORG_NAME : ME.name, active: true }]);
}

export function organization(role: Organization['role']): Organization {
  return {
    id: ORG_ID,
    name: ORG_NAME,
    inn: '7707083893',
    kpp: null,
    ogrn: null,
    address: null,
    description: null,
    director: role === 'director' ? { userId: ME.id, name: ME.name } : { userId: 3, name: 'Анна Смирнова' },
    role,
    active: true,
    documents: [],
  };
}

export const employee = (overrides: Partial<Employee> & Pick<Employee, 'id' | 'userId' | 'name'>): Employee => ({
  phone: '79990000000',
  position: null,
  director: false,
  ...overrides,
});

/** The director (me) and two employees. */
export const STAFF_OF_MY_OWN = [
  employee({ id: 1, userId: ME.id, name: ME.name, phone: ME.phone, position: 'Генеральный директор', director: true }),
  employee({ id: 2, userId: 8, name: 'Ольга Сидорова', phone: '79161112233', position: 'Бухгалтер' }),
  employee({ id: 3, userId: 9, name: 'Пётр Кузнецов', phone: '79162223344' }),
];

/** Anna directs; I am an employee. */
export const STAFF_AS_EMPLOYEE = [
  employee({ id: 1, userId: 3, name: 'Анна Смирнова', phone: '79160001122', position: 'Директор', director: true }),
  employee({ id: 4, userId: ME.id, name: ME.name, phone: ME.phone, position: 'Прораб' }),
  employee({ id: 2, userId: 8, name: 'Ольга Сидорова', phone: '79161112233', position: 'Бухгалтер' }),
];

/** `user/profile/list` as the API answers it: the organisation with the caller's role in it. */
export const profileList = (role: Organization['role'] | null) => ({
  items: role ? [{ id: ORG_ID, type: 'organization', name: ORG_NAME, active: true, description: null, address: null, role }] : [],
});

export const list = <T,>(items: T[], page = 1, limit = 20) => ({ items, total: items.length, page, limit });
