import { declarations, readCss } from 'shared/testing';

it('keeps a full stack of toasts within the screen: it scrolls instead of running off its top', () => {
  const css = readCss(__dirname, 'toast-view.css');
  expect(declarations(css, '.Toastify__toast-container')).toMatchObject({ 'max-height': '100dvh', 'overflow-y': 'auto' });
});
