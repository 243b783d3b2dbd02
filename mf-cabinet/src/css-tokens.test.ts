import { undefinedCustomProperties } from 'shared/testing';

it('reads only the custom properties the kit or its own stylesheets define', () => {
  expect(undefinedCustomProperties(__dirname)).toEqual([]);
});
