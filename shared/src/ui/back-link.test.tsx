import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { BackLink } from './back-link';

test('a link back whose name is its words: the arrow is hidden from screen readers', () => {
  render(
    <MemoryRouter>
      <BackLink to="/lk/application" className="msg-back">
        Мои заявки
      </BackLink>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Мои заявки' });
  expect(link).toHaveAttribute('href', '/lk/application');
  expect(link).toHaveClass('ui-back-link', 'msg-back');
  expect(link).toHaveTextContent('←Мои заявки');
  expect(link.firstElementChild).toHaveAttribute('aria-hidden', 'true');
});
