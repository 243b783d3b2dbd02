import { declarations, readCss } from 'shared/testing';

it('keeps a full stack of toasts within the screen: it scrolls instead of running off its top', () => {
  const css = readCss(__dirname, 'toast-view.css');
  // Its offset off the screen's edge and as much at the other end come off its height (QA UUU-2:
  // at 100dvh standing 16 px off the bottom, the newest toast's top and half its × were off the screen).
  expect(declarations(css, '.Toastify__toast-container')).toMatchObject({
    'max-height': 'calc(100dvh - var(--toastify-toast-bottom) - var(--toastify-toast-top))',
    'overflow-y': 'auto',
  });
  // Up to 480px react-toastify puts it flush with the edge: the whole height.
  expect(declarations(css, '.Toastify__toast-container', '(max-width: 480px)')).toEqual({ 'max-height': '100dvh' });
});

it('on a phone, over a dialog or a page whose action stands at the bottom (the composer, QA YY-4), the toasts come at the top', () => {
  const css = readCss(__dirname, 'toast-view.css');
  for (const over of ['.ui-dialog-backdrop', '[data-bottom-actions]']) {
    const selector = `body:has(${over}) .Toastify__toast-container--bottom-right`;
    expect(declarations(css, selector, '(max-width: 639.98px)')).toEqual({ top: 'var(--toastify-toast-top)', bottom: 'auto' });
    expect(declarations(css, selector, '(max-width: 480px)')).toEqual({ top: 'env(safe-area-inset-top)' });
  }
});
