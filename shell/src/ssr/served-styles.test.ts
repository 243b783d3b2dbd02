import { servedStyles } from '../server';

type Registered = Parameters<typeof servedStyles>[0] extends Map<string, infer V> | undefined ? V : never;

test('the registered stylesheets go out in their groups, each text once, a legacy string as a page style', () => {
  const registry = new Map<string, Registered>([
    ['shared/src/ui/styles.css', { group: 'base', texts: ['.combobox{}', '.ui-card{}'] }],
    ['/srv/app/node_modules/leaflet/dist/leaflet.css', { group: 'base', texts: ['.leaflet-pane{}'] }],
    ['shell/src/app/layout/layout.css', { group: 'page', texts: ['.app-layout{}'] }],
    ['mf-catalog/src/components/catalog.css', { group: 'page', texts: ['.catalog{}', '.combobox{}'] }],
    ['mf-catalog/src/components/details.css', '.details{}'],
  ]);
  expect(servedStyles(registry)).toEqual({
    base: ['.combobox{}', '.ui-card{}', '.leaflet-pane{}'],
    page: ['.app-layout{}', '.catalog{}', '.details{}'],
  });
  expect(servedStyles(undefined)).toEqual({ base: [], page: [] });
});
