import { COORDINATE_MESSAGES, facilityFormSchema, parseCoordinate } from './form-values';

test('a coordinate is a decimal number, with a point or a comma, either minus', () => {
  expect(parseCoordinate(' 55,7963 ')).toBe(55.7963);
  expect(parseCoordinate('55.7963')).toBe(55.7963);
  expect(parseCoordinate('-37.6')).toBe(-37.6);
  expect(parseCoordinate('\u221237,6')).toBe(-37.6);
  expect(parseCoordinate('55')).toBe(55);
  expect(parseCoordinate('.5')).toBe(0.5);
  expect(parseCoordinate('')).toBeNull();
});

test('hexadecimal, exponents and other texts are no coordinate: refused, not saved as what they parse to (QA AAY-3)', () => {
  for (const text of ['0x49', '5.5e1', '1e1', 'Infinity', '55,7,9', '55 7', 'abc', '0b11']) expect(parseCoordinate(text)).toBeNaN();
  const values = { name: 'Склад', typeId: '1', description: '', address: undefined, geoLat: '5.5e1', geoLon: '0x49' };
  const result = facilityFormSchema.safeParse(values);
  expect(result.success).toBe(false);
  const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
  expect(messages).toEqual(expect.arrayContaining([
    ['geoLat', COORDINATE_MESSAGES.lat],
    ['geoLon', COORDINATE_MESSAGES.lon],
  ]));
});
