import { act, screen } from '@testing-library/react';
import { serveApi, setUpPageTests } from 'shared/testing';
import { lookupRoutes, renderFacilityPages, signIn } from './testing/fixtures';
import { mockMap } from './testing/react-leaflet-mock';

jest.mock('react-leaflet', () => jest.requireActual('./testing/react-leaflet-mock'));

setUpPageTests(signIn);

test("the picker's marker is no tab stop that does nothing: dragging is the mouse's, the coordinate fields are the keyboard's way", async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  await screen.findByTestId('leaflet-map');
  act(() => mockMap.handlers.click!({ latlng: { lat: 55.7963, lng: 49.1088 } }));

  // The marker is drawn (with its title for the mouse)…
  expect(await screen.findByTitle('Точка объекта: перетащите, чтобы уточнить')).toBeInTheDocument();
  // …but is not offered to the keyboard, where Enter or the arrows would not move it.
  expect(screen.queryByRole('button', { name: /Точка объекта/ })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Широта')).toHaveValue('55.7963');
});
