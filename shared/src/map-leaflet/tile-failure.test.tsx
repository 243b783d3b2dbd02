import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { removeMapFrame, renderMapFrame } from './testing/real-leaflet-map';

// A real Leaflet map and its tile layer, whose images jsdom never loads: the test says how each one
// ends (the `load` or `error` event a browser sends).
jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'));

const NOTE = 'Подложка карты недоступна';
const TILE_CONFIG = { url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 };

const renderMap = () => renderMapFrame({ width: 390, height: 300 });

/** The tile images the map asked for (the ones not answered yet). */
const pendingTiles = () => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile:not(.leaflet-tile-loaded)')];

/** Waits for the map to ask for its tiles, then answers each as the browser would: `fails(i)` says which fail. */
async function answerTiles(fails: (index: number) => boolean) {
  await waitFor(() => expect(pendingTiles().length).toBeGreaterThan(1));
  pendingTiles().forEach((tile, index) => fireEvent(tile, new Event(fails(index) ? 'error' : 'load')));
}

beforeEach(() => setTestRuntimeConfig());

afterEach(removeMapFrame);

describe('the map’s base layer', () => {
  it('when every tile image fails to load, says so once, politely, rather than showing a plain grey map', async () => {
    serveApi({ 'tiles/config': () => ok(TILE_CONFIG) });
    renderMap();

    await answerTiles(() => true);

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NOTE));
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
  });

  it('says nothing when the tiles are drawn, even if one of them failed', async () => {
    serveApi({ 'tiles/config': () => ok(TILE_CONFIG) });
    renderMap();

    await answerTiles((index) => index === 0);

    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('says so when the tile settings do not load', async () => {
    serveApi({ 'tiles/config': () => fail(503, 'Сервис недоступен') });
    renderMap();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NOTE));
  });
});
