import { formatPhone, normalizePhone, phoneMask } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+7 (999) 123-45-67', '79991234567'],
    ['8 999 123 45 67', '79991234567'],
    ['9991234567', '79991234567'],
    ['79991234567', '79991234567'],
    ['+7-999-123-45-67', '79991234567'],
    ['  8(812)555-12-34 ', '78125551234'],
  ])('reads %p as %p', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['', '12345', '+1 (999) 123-45-67', '999123456', '799912345678', '0991234567', 'телефон'])(
    'refuses %p',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});

describe('formatPhone', () => {
  it.each([
    ['79991234567', '+7 (999) 123-45-67'],
    ['89991234567', '+7 (999) 123-45-67'],
    ['9991234567', '+7 (999) 123-45-67'],
  ])('formats %p as %p', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatPhone('123')).toBe('123');
  });
});

describe('phoneMask', () => {
  it.each([
    ['', ''],
    ['+', ''],
    ['7', '+7'],
    ['8', '+7'],
    ['9', '+7 (9'],
    ['+7 (9', '+7 (9'],
    ['+7 (99', '+7 (99'],
    ['+7 (999', '+7 (999'],
    ['+7 (9991', '+7 (999) 1'],
    ['+7 (999) 12', '+7 (999) 12'],
    ['+7 (999) 1234', '+7 (999) 123-4'],
    ['+7 (999) 123-456', '+7 (999) 123-45-6'],
    ['+7 (999) 123-45-67', '+7 (999) 123-45-67'],
    ['+7 (999) 123-45-6789', '+7 (999) 123-45-67'],
    ['89991234567', '+7 (999) 123-45-67'],
    ['9991234567', '+7 (999) 123-45-67'],
  ])('masks %p as %p', (input, expected) => {
    expect(phoneMask(input)).toBe(expected);
  });

  it('gives back a value that normalises once complete', () => {
    expect(normalizePhone(phoneMask('8 999 123 45 67'))).toBe('79991234567');
  });
});
