import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { removeAppLoading, WithoutAppLoading } from './app-loading';

function page() {
  document.body.innerHTML = '<div id="app-loading" role="status">Загрузка…</div><div id="root"></div>';
  return document.getElementById('root')!;
}

describe('the shell’s loading line', () => {
  it('is gone once the app’s first render is committed, and not before', async () => {
    const container = page();
    const root = createRoot(container);
    let seenInRender: boolean | null = null;
    function Page() {
      seenInRender = document.getElementById('app-loading') !== null;
      return <h1>Заявка</h1>;
    }
    await act(async () => {
      root.render(
        <WithoutAppLoading>
          <Page />
        </WithoutAppLoading>,
      );
    });
    // Still there while React rendered, gone in the commit that put the page in.
    expect(seenInRender).toBe(true);
    expect(document.getElementById('app-loading')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Заявка');
    await act(async () => root.unmount());
  });

  it('is removed once, and removing it again does nothing (StrictMode runs the effect twice)', () => {
    page();
    removeAppLoading();
    expect(document.getElementById('app-loading')).toBeNull();
    expect(() => removeAppLoading()).not.toThrow();
    expect(document.getElementById('root')).not.toBeNull();
  });
});
