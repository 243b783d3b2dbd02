import { declarations, readCss } from 'shared/testing';

it('keeps a full stack of toasts within the screen: it scrolls instead of running off its top', () => {
  const css = readCss(__dirname, 'toast-view.css');
  expect(declarations(css, '.Toastify__toast-container')).toMatchObject({ 'max-height': '100dvh', 'overflow-y': 'auto' });
});

it('on a phone, over a dialog or a page whose action stands at the bottom (the composer, QA YY-4), the toasts come at the top', () => {
  const css = readCss(__dirname, 'toast-view.css');
  for (const over of ['.ui-dialog-backdrop', '[data-bottom-actions]']) {
    const selector = `body:has(${over}) .Toastify__toast-container--bottom-right`;
    expect(declarations(css, selector, '(max-width: 639.98px)')).toEqual({ top: 'var(--toastify-toast-top)', bottom: 'auto' });
    expect(declarations(css, selector, '(max-width: 480px)')).toEqual({ top: 'env(safe-area-inset-top)' });
  }
});
