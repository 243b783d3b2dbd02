import { render, screen } from '@testing-library/react';
import { useCurrentInRow } from './use-current-in-row';

/** A row 300 px wide of five links 120 px wide, 10 px apart (jsdom lays nothing out). */
function Row({ current }: { current: number }) {
  const row = useCurrentInRow<HTMLElement>([current]);
  return (
    <nav ref={row} aria-label="Ряд">
      {[0, 1, 2, 3, 4].map((i) => (
        <a key={i} href={`#${i}`} aria-current={i === current ? 'page' : undefined}>
          Ссылка {i}
        </a>
      ))}
    </nav>
  );
}

beforeAll(() => {
  const box = (el: HTMLElement, name: 'offsetLeft' | 'offsetWidth' | 'clientWidth') => {
    if (el.tagName === 'NAV') return name === 'clientWidth' ? 300 : name === 'offsetLeft' ? 0 : 300;
    const i = Number(el.getAttribute('href')?.slice(1) ?? 0);
    return name === 'offsetLeft' ? i * 130 : 120;
  };
  for (const name of ['offsetLeft', 'offsetWidth', 'clientWidth'] as const) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return box(this, name);
      },
    });
  }
});

describe('useCurrentInRow', () => {
  it('centres the current link when it is out of view', () => {
    render(<Row current={4} />);
    // Link 4 spans 520–640: centred in 300 px, the row starts at 520 - 90.
    expect(screen.getByRole('navigation').scrollLeft).toBe(430);
  });

  it('scrolls a link that takes the focus in whole, to the nearer edge, and leaves one in view alone', () => {
    render(<Row current={0} />);
    const nav = screen.getByRole('navigation');
    expect(nav.scrollLeft).toBe(0);
    // Link 2 spans 260–380, half out on the right: its end and ring come in.
    screen.getByRole('link', { name: 'Ссылка 2' }).focus();
    expect(nav.scrollLeft).toBe(380 - 300 + 16);
    // Link 1 (130–250) is in view at 96–396: nothing moves.
    screen.getByRole('link', { name: 'Ссылка 1' }).focus();
    expect(nav.scrollLeft).toBe(96);
    // Back to link 0 (0–120), out on the left: its start comes in.
    screen.getByRole('link', { name: 'Ссылка 0' }).focus();
    expect(nav.scrollLeft).toBe(0);
  });
});
