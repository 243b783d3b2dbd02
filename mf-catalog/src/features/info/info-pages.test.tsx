import { screen, waitFor, within } from '@testing-library/react';
import { formatDate, getRuntimeConfig, setRuntimeConfig, SIGNING_TERMS_PATH, SIGNING_TERMS_VERSION } from 'shared';
import type { ComponentType } from 'react';
import { Component as AboutPage } from '../../pages/about-page';
import { Component as ConsultationsPage } from '../../pages/consultations-page';
import { Component as ContactsPage } from '../../pages/contacts-page';
import { Component as GuaranteesPage } from '../../pages/guarantees-page';
import { Component as PrivacyPolicyPage } from '../../pages/privacy-policy-page';
import { Component as ReferencePage } from '../../pages/reference-page';
import { renderRoutes, setTestRuntimeConfig } from '../../testing/render-route';

const pages: [string, ComponentType, string][] = [
  ['/about', AboutPage, 'О сервисе'],
  ['/consultations', ConsultationsPage, 'Консультации'],
  ['/guarantees', GuaranteesPage, 'Гарантии'],
  ['/contacts', ContactsPage, 'Контакты'],
  ['/privacy-policy', PrivacyPolicyPage, 'Политика конфиденциальности'],
  ['/reference', ReferencePage, 'Справочная информация'],
];

beforeEach(() => setTestRuntimeConfig());

test.each(pages)('%s has one h1, headings in order and real content', (path, Component, title) => {
  const { container } = renderRoutes([{ path, Component }], path);

  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
  levels.forEach((level, i) => {
    if (i > 0) expect(level - levels[i - 1]!).toBeLessThanOrEqual(1);
  });
  expect(container.textContent).not.toMatch(/в разработке|lorem/i);
  expect(container.textContent!.length).toBeGreaterThan(800);
});

test('the privacy policy covers what 152-ФЗ asks and marks the legal details still to fill in', () => {
  renderRoutes([{ path: '/privacy-policy', Component: PrivacyPolicyPage }], '/privacy-policy');

  for (const heading of [
    '2. Сведения об операторе',
    '4. Цели обработки',
    '5. Категории субъектов и персональных данных',
    '6. Правовые основания обработки',
    '8. Сроки обработки и хранения',
    '9. Права субъекта персональных данных',
    '10. Файлы cookie',
    '11. Обращения и контакты',
  ]) {
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  }
  // Every cookie the service sets, the shell's `start_libs` (scripts/ssr-document.mjs) among them.
  const cookies = document.getElementById('cookies')!.parentElement!.textContent!;
  for (const cookie of ['токен доступа', 'токен обновления', 'отметка о времени отправки кода из СМС', 'имя файла программы сайта, который браузер уже получил']) {
    expect(cookies).toContain(cookie);
  }
  expect(screen.getByText('[ИНН]')).toHaveClass('placeholder');
  expect(screen.getByText('[ОГРН]')).toHaveClass('placeholder');
  const contents = screen.getByRole('navigation', { name: 'Содержание' });
  for (const link of within(contents).getAllByRole('link')) {
    const id = link.getAttribute('href')!.slice(1);
    expect(document.getElementById(id)).not.toBeNull();
  }
});

test('contacts hold the callback form, with the consent linking to the policy', () => {
  renderRoutes([{ path: '/contacts', Component: ContactsPage }], '/contacts');
  expect(screen.getByRole('form', { name: 'Заказать обратный звонок' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'политикой обработки персональных данных' })).toHaveAttribute('href', '/privacy-policy');
});

test('a deployment’s operator details (OPERATOR_*) replace their placeholders: the phone and the address to write to are links', () => {
  setRuntimeConfig({
    ...getRuntimeConfig(),
    operator: { name: 'ООО «Маркет Услуг»', inn: '7701234567', phone: '+7 (495) 000-00-00', email: 'help@market.test', postalAddress: '101000, Москва, а/я 1' },
  });
  renderRoutes([{ path: '/contacts', Component: ContactsPage }], '/contacts');
  expect(screen.getByRole('link', { name: '+7 (495) 000-00-00' })).toHaveAttribute('href', 'tel:+74950000000');
  expect(screen.getByRole('link', { name: 'help@market.test' })).toHaveAttribute('href', 'mailto:help@market.test');
  expect(screen.getByText('101000, Москва, а/я 1')).toBeInTheDocument();
  // What is not set stays marked.
  expect(screen.getByText('[дни и часы работы поддержки]')).toHaveClass('placeholder');
  expect(screen.queryByText('[номер телефона]')).not.toBeInTheDocument();
});

test('the privacy policy names the configured operator and marks the rest', () => {
  setRuntimeConfig({ ...getRuntimeConfig(), operator: { name: 'ООО «Маркет Услуг»', inn: '7701234567', email: 'pd@market.test' } });
  renderRoutes([{ path: '/privacy-policy', Component: PrivacyPolicyPage }], '/privacy-policy');
  expect(screen.getByText('ООО «Маркет Услуг»')).toBeInTheDocument();
  expect(screen.getByText('ИНН / ОГРН').nextElementSibling).toHaveTextContent(/^7701234567 \/ \[ОГРН\]$/);
  expect(screen.queryByText('[ИНН]')).not.toBeInTheDocument();
  expect(screen.getByText('[ОГРН]')).toHaveClass('placeholder');
  // §2 and §11 both give the address for requests.
  expect(screen.getAllByRole('link', { name: 'pd@market.test' })).toHaveLength(2);
});

test('the reference explains signing by SMS code and every application status', () => {
  renderRoutes([{ path: '/reference', Component: ReferencePage }], '/reference');
  expect(screen.getByRole('heading', { level: 3, name: 'Договор и подписание по СМС' })).toBeInTheDocument();
  expect(screen.getByText('Приём откликов')).toBeInTheDocument();
  expect(screen.getByText('Отменена исполнителем')).toBeInTheDocument();
  expect(screen.getByText('Имеет ли подпись кодом из СМС юридическую силу?')).toBeInTheDocument();
});

test('contacts promise nothing the consultations page does not say, and point to the form wherever a phone puts it', () => {
  renderRoutes([{ path: '/contacts', Component: ContactsPage }], '/contacts');
  const ways = screen.getByRole('heading', { level: 3, name: 'Другие способы' }).nextElementSibling as HTMLElement;

  // The consultations page names no price (spec: not shown), so «бесплатной» is a promise of this page alone.
  expect(ways).not.toHaveTextContent(/бесплатн/i);
  expect(within(ways).getByRole('link', { name: 'консультаций' })).toHaveAttribute('href', '/consultations');
  // On a phone the form is below the text, not beside it (info.css: side by side from 960 px).
  expect(ways).not.toHaveTextContent(/форма рядом/);
  expect(ways).toHaveTextContent('Закажите обратный звонок — форма на этой странице.');
});

test('guarantees send a dispute to the callback form by the name /contacts gives it', () => {
  renderRoutes([{ path: '/guarantees', Component: GuaranteesPage }], '/guarantees');

  // /contacts holds «Заказать обратный звонок» (a phone and a comment), no other form to write in.
  const link = screen.getByRole('link', { name: /обратн/ });
  expect(link).toHaveAttribute('href', '/contacts#callback');
  expect(link).toHaveAccessibleName('обратный звонок');
  expect(link.closest('dd')).toHaveTextContent(/Закажите обратный звонок и опишите ситуацию в комментарии/);
});

test('«Заказать звонок» and the other mentions of the callback lead to the form itself, which takes the focus there', async () => {
  for (const [path, Component] of [['/consultations', ConsultationsPage], ['/guarantees', GuaranteesPage]] as const) {
    const { unmount } = renderRoutes([{ path, Component }], path);
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/contacts'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/contacts#callback');
    unmount();
  }

  renderRoutes([{ path: '/contacts', Component: ContactsPage }], '/contacts#callback');
  await waitFor(() => expect(screen.getByRole('form', { name: 'Заказать обратный звонок' })).toHaveFocus());
});

test('the terms of the simple electronic signature a signing dialog links to are a section of «Гарантии», with the edition the signatures keep', () => {
  const { container } = renderRoutes([{ path: '/guarantees', Component: GuaranteesPage }], '/guarantees');
  const section = container.querySelector(`#${SIGNING_TERMS_PATH.split('#')[1]}`);
  expect(section).toHaveTextContent('Условия простой электронной подписи');
  expect(SIGNING_TERMS_PATH.split('#')[0]).toBe('/guarantees');
  expect(screen.getByText(`Редакция от ${formatDate(SIGNING_TERMS_VERSION)}.`)).toBeInTheDocument();
});
