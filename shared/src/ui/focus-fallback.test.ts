import { focusPageStart } from './focus-fallback';

// The page's heading takes the focus when the control that had it is gone: where a sighted
// keyboard user can see it (QA FFF-1), but a page's landing keeps the scroll the router restored.
function pageWithHeadingAt(top: number) {
  document.body.innerHTML = '<main><h1>Заявка № 75</h1></main>';
  const heading = document.querySelector('h1')!;
  heading.getBoundingClientRect = () => ({ top, bottom: top + 38, left: 0, right: 300, width: 300, height: 38, x: 0, y: top, toJSON: () => ({}) });
  const scrollIntoView = jest.fn();
  heading.scrollIntoView = scrollIntoView;
  return { heading, scrollIntoView };
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('a heading scrolled out of view is brought into it with the focus', () => {
  const { heading, scrollIntoView } = pageWithHeadingAt(-83);
  focusPageStart();
  expect(heading).toHaveFocus();
  expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
});

test('a heading in view stays where it is; a landing keeps its scroll whatever it is', () => {
  const inView = pageWithHeadingAt(120);
  focusPageStart();
  expect(inView.heading).toHaveFocus();
  expect(inView.scrollIntoView).not.toHaveBeenCalled();

  const landing = pageWithHeadingAt(-83);
  focusPageStart(document, { keepScroll: true });
  expect(landing.heading).toHaveFocus();
  expect(landing.scrollIntoView).not.toHaveBeenCalled();
});
