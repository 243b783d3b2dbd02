import { act, render, screen } from '@testing-library/react';
import { PageFallback, SLOW_SECTION_TEXT } from './page-fallback';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a section that takes long to load says so after 3 s, not only the thin bar until its 15 s budget runs out (QA O-8)', () => {
  const { container } = render(<PageFallback />);
  const region = container.querySelector('[aria-live="polite"]');
  expect(region).toHaveTextContent('');
  act(() => void jest.advanceTimersByTime(3000));
  expect(screen.getByText(SLOW_SECTION_TEXT)).toBe(region);
});
