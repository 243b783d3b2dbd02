import { formatPhone, isWholePhone, normalizePhone, phoneDeleteCaret, phoneMask, phoneMaskCaret } from './phone';

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

  // A number short of a digit is not another number: 9 digits typed into the masked field give
  // '+7 (999) 555-00-6', whose ten digits 7999555006 once read as 77999555006.
  it.each(['+7 (999) 555-00-6', '+7 (999) 555-00-4', '+7999555006', ' +7 999 555 00 6', '7999555006', '7 (999) 555-00-6'])(
    'refuses %p, a number short of a digit',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('takes only +7 as the country code of a number written with «+»', () => {
    expect(normalizePhone('+8 999 123 45 67')).toBeNull();
    expect(normalizePhone('+7 8 999 123 45 67')).toBeNull();
    expect(normalizePhone(' +7 (999) 123-45-67')).toBe('79991234567');
  });

  it('reads what the mask makes of nine typed digits as the mask shows it: incomplete', () => {
    expect(phoneMask('999555006')).toBe('+7 (999) 555-00-6');
    expect(normalizePhone(phoneMask('999555006'))).toBeNull();
    expect(normalizePhone(phoneMask('9995550066'))).toBe('79995550066');
  });

  // The non-digits were once dropped whatever they were: '+79990000001abc' logged in as 79990000001.
  it.each(['+79990000001abc', 'abc+79990000001', '+7 (999) 000-00-01 доб', '79990000001#', '+7+9990000001', 'tel:+79990000001', '8 999 000 00 01, Анна'])(
    'refuses %p, a number with more than a number in it',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('reads the ways people write a number: spaces, brackets, dots, dashes of any kind', () => {
    for (const input of ['+7 (999) 123-45-67', '8.999.123.45.67', '8 999 123\u201345\u201467', '+7\u00a0999\u00a0123\u00a045\u00a067', '(999) 123-45-67']) {
      expect({ input, phone: normalizePhone(input) }).toEqual({ input, phone: '79991234567' });
    }
  });

  it('still reads ten digits of a landline typed without a prefix', () => {
    expect(normalizePhone('(495) 123-45-67')).toBe('74951234567');
    expect(normalizePhone('800 123 45 67')).toBe('78001234567');
    expect(normalizePhone('3512345678')).toBe('73512345678');
  });
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
    // A lone 8 waits for the next digit: the trunk prefix before 3, 4, 8 or 9, a code's first digit otherwise.
    ['8', '8'],
    ['89', '+7 (9'],
    ['8495', '+7 (495'],
    ['88', '+7 (8'],
    ['8800', '+7 (800'],
    ['800', '+7 (800'],
    ['81', '+7 (81'],
    ['8125551234', '+7 (812) 555-12-34'],
    ['8612345678', '+7 (861) 234-56-78'],
    // «85…»–«87…» are codes typed without the prefix: 855 (Набережные Челны), not 8 and a code «5…» (QA DD-11).
    ['8552', '+7 (855) 2'],
    ['8552123456', '+7 (855) 212-34-56'],
    ['+7 (81', '+7 (81'],
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

  it("keeps a number with another country's code as written, not read as another Russian number (QA M-6)", () => {
    expect(phoneMask('+1 555 123 4567')).toBe('+1 555 123 4567');
    expect(phoneMask('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(normalizePhone(phoneMask('+1 555 123 4567'))).toBeNull();
    // A stray «+» before the trunk prefix, or the «7» deleted from a masked number, is still ours.
    expect(phoneMask('+8 999 123 45 67')).toBe('+7 (999) 123-45-67');
    expect(phoneMask('+ (999) 123')).toBe('+7 (999) 123');
    expect(phoneMaskCaret('+1 555', 3, phoneMask('+1 555'))).toBe(3);
  });

  it('gives back a value that normalises once complete', () => {
    expect(normalizePhone(phoneMask('8 999 123 45 67'))).toBe('79991234567');
    // Ten digits of a St Petersburg number: what normalizePhone reads them as, too.
    expect(normalizePhone(phoneMask('812 555 12 34'))).toBe(normalizePhone('812 555 12 34'));
    expect(normalizePhone(phoneMask('812 555 12 34'))).toBe('78125551234');
  });
});

describe('phoneMaskCaret', () => {
  /** An edit: `before` with the caret at «|», the text the browser then has, the caret there. */
  function edit(rawWithCaret: string) {
    const caret = rawWithCaret.indexOf('|');
    const raw = rawWithCaret.replace('|', '');
    const masked = phoneMask(raw);
    const position = phoneMaskCaret(raw, caret, masked);
    return `${masked.slice(0, position)}|${masked.slice(position)}`;
  }

  it('keeps the caret after the same digits when one is deleted or typed inside the number', () => {
    // Backspace after «12» of +7 (999) 12|3-45-67: the 2 goes, the caret stays before the 3.
    expect(edit('+7 (999) 1|3-45-67')).toBe('+7 (999) 1|34-56-7');
    // Then typing 8 there.
    expect(edit('+7 (999) 18|34-56-7')).toBe('+7 (999) 18|3-45-67');
    // Delete before the 4 of +7 (999) 123-|45-67: the caret stays after the 3.
    expect(edit('+7 (999) 123-|5-67')).toBe('+7 (999) 123|-56-7');
    // A digit typed into the area code.
    expect(edit('+7 (9599|) 123-45-67')).toBe('+7 (959) 9|12-34-56');
  });

  it('puts the caret after «+7 (» when no digit of the number stands before it', () => {
    expect(edit('+7 (|999) 123-45-67')).toBe('+7 (|999) 123-45-67');
    expect(edit('|+7 (999) 123')).toBe('+7 (|999) 123');
  });

  it('counts digits typed without the prefix as the number', () => {
    expect(edit('99|91234567')).toBe('+7 (99|9) 123-45-67');
    expect(edit('81|2')).toBe('+7 (81|2');
  });

  it('leaves the caret after a lone 8, and after the trunk prefix the number starts', () => {
    expect(edit('8|')).toBe('8|');
    expect(edit('89|')).toBe('+7 (9|');
  });
});

describe('isWholePhone', () => {
  it.each(['+7 (999) 123-45-67', '+7 999 123-45-67', '8 999 123 45 67', '89991234567', '+79991234567', '9991234567'])(
    'takes %p for a whole number',
    (text) => {
      expect(isWholePhone(text)).toBe(true);
    },
  );

  it('takes ten digits of a landline for a whole number too', () => {
    expect(isWholePhone('(495) 123-45-67')).toBe(true);
    expect(isWholePhone('812 555 12 34')).toBe(true);
    expect(isWholePhone('800 123 45 67')).toBe(true);
    expect(isWholePhone('8 800 123 45 67')).toBe(true);
  });

  // A few digits, or ten after 7 or 8: an 11-digit number short of one, or a number of its own?
  it.each(['', '+7', '8', '56', '999 123', '8 999 123 45 6', '8 495 123 45 6', '7999123456', '+1 999 123 45 67', '+7 (999) 123-45-678'])(
    'takes %p for digits to insert',
    (text) => {
      expect(isWholePhone(text)).toBe(false);
    },
  );
});

describe('phoneDeleteCaret', () => {
  /** Delete (or Backspace) at «|»: the value with the caret where the browser should act. */
  function at(valueWithCaret: string, forward: boolean) {
    const caret = valueWithCaret.indexOf('|');
    const value = valueWithCaret.replace('|', '');
    const position = phoneDeleteCaret(value, caret, forward);
    return `${value.slice(0, position)}|${value.slice(position)}`;
  }

  it('moves Delete past the separators to the next digit', () => {
    expect(at('+7 (999|) 123-45-67', true)).toBe('+7 (999) |123-45-67');
    expect(at('+7 (999)| 123-45-67', true)).toBe('+7 (999) |123-45-67');
    expect(at('+7 (999) 123|-45-67', true)).toBe('+7 (999) 123-|45-67');
    expect(at('+7| (999) 123', true)).toBe('+7 (|999) 123');
    expect(at('+7 (999) 1|23', true)).toBe('+7 (999) 1|23');
  });

  it('moves Backspace back past the separators to the digit before them', () => {
    expect(at('+7 (999) |123-45-67', false)).toBe('+7 (999|) 123-45-67');
    expect(at('+7 (999)| 123-45-67', false)).toBe('+7 (999|) 123-45-67');
    expect(at('+7 (999) 123-|45-67', false)).toBe('+7 (999) 123|-45-67');
    expect(at('+7 (999) 12|3', false)).toBe('+7 (999) 12|3');
  });

  it('leaves the caret where no digit of the number lies that way', () => {
    expect(at('|+7 (999) 123', true)).toBe('|+7 (999) 123');
    expect(at('+7 (|999) 123', false)).toBe('+7 (|999) 123');
    expect(at('+7 (999) 123|', true)).toBe('+7 (999) 123|');
    expect(at('+7|', false)).toBe('+7|');
  });
});
