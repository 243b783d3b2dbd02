import { servedStyles } from '../server';

test('the registered stylesheets go out in the browser build’s groups, each text once, a legacy string as one', () => {
  const registry = new Map<string, string[] | string>([
    ['shared/src/ui/styles.css', ['.combobox{}', '.ui-card{}']],
    ['/srv/app/node_modules/.pnpm/leaflet@1.9.4/node_modules/leaflet/dist/leaflet.css', ['.leaflet-pane{}']],
    ['shell/src/app/layout/layout.css', ['.app-layout{}']],
    ['mf-catalog/src/components/catalog.css', ['.catalog{}', '.combobox{}']],
    ['mf-catalog/src/components/details.css', '.details{}'],
  ]);
  expect(servedStyles(registry)).toEqual({
    base: ['.combobox{}', '.ui-card{}', '.leaflet-pane{}'],
    page: ['.app-layout{}', '.catalog{}', '.details{}'],
  });
  expect(servedStyles(undefined)).toEqual({ base: [], page: [] });
});
