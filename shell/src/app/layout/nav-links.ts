export const navLinks = [
  { to: '/application', label: 'Заявки' },
  { to: '/executor', label: 'Исполнители' },
  { to: '/service', label: 'Услуги' },
  { to: '/about', label: 'О сервисе' },
  { to: '/contacts', label: 'Контакты' },
  { to: '/lk', label: 'Личный кабинет' },
] as const;
