/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { LazyMap } from './lazy-map';

describe('LazyMap without scripts', () => {
  it('the server-rendered frame says the map needs JavaScript instead of staying an empty box', () => {
    const html = renderToString(<LazyMap label="Карта заявок" load={() => new Promise<{ default: () => null }>(() => {})} props={{}} />);
    expect(html).toMatch(/<noscript><p class="map-frame__no-script">Карта работает только с включённым JavaScript\.<\/p><\/noscript>/);
    expect(html).toContain('aria-label="Карта заявок"');
  });
});
