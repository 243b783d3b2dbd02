import { cutText, facilityFieldsSchema, isBlankText, organizationEmployeeInvite, organizationEmployeeUpdate, organizationUpdateBodySchema, quotedFileName, safeText, userProfileUpdate } from './index';

/** A lone half of a surrogate pair: what a cut inside an emoji leaves. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('isBlankText', () => {
  it.each(['', '   ', '\u200b', '\u200b\u200b', ' \u200b\u00ad\u2060\ufeff ', '\u3164', '\u2800'])('%j shows nothing', (value) => {
    expect(isBlankText(value)).toBe(true);
  });

  it.each(['a', '\u200bПрораб', '😀', '.'])('%j shows something', (value) => {
    expect(isBlankText(value)).toBe(false);
  });
});

describe('cutText (QA KKK-2)', () => {
  it('keeps a text that fits, counting code points', () => {
    expect(cutText('Договор', 7)).toBe('Договор');
    expect(cutText('😀😀😀', 3)).toBe('😀😀😀');
  });

  it('never leaves half an emoji', () => {
    expect(cutText('x😀😀', 2)).toBe('x😀');
    const cut = cutText(`x${'😀'.repeat(70)}`, 60);
    expect(cut).toBe(`x${'😀'.repeat(59)}`);
    expect(cut).not.toMatch(LONE_SURROGATE);
  });

  it('keeps an emoji sequence or a flag whole or leaves it out', () => {
    expect(cutText('ab👩‍💻', 4)).toBe('ab');
    expect(cutText('ab🇷🇺', 3)).toBe('ab');
    expect(cutText('ab🇷🇺c', 4)).toBe('ab🇷🇺');
  });

  it('without Intl.Segmenter (an older browser), cuts by code points and leaves no joiner dangling', () => {
    const segmenter = Intl.Segmenter;
    try {
      Reflect.deleteProperty(Intl, 'Segmenter');
      jest.isolateModules(() => {
        const text = jest.requireActual<typeof import('./text')>('./text');
        expect(text.cutText('x😀😀', 2)).toBe('x😀');
        expect(text.cutText('ab👩‍💻', 4)).toBe('ab👩');
      });
    } finally {
      Object.assign(Intl, { Segmenter: segmenter });
    }
  });
});

describe('optional fields that show nothing are empty (QA KKK-1)', () => {
  it('an employee position of zero-width characters is none', () => {
    expect(organizationEmployeeInvite.body!.parse({ phone: '79770000999', position: '\u200b\u200b' }).position).toBeNull();
    expect(organizationEmployeeUpdate.body!.parse({ id: 5, position: '\u200b' }).position).toBeNull();
    expect(organizationEmployeeInvite.body!.parse({ phone: '79770000999', position: ' Прораб ' }).position).toBe('Прораб');
  });

  it('an organisation’s address, KPP, OGRN and description of zero-width characters are none', () => {
    expect(organizationUpdateBodySchema.parse({ id: 7, address: '\u200b', kpp: '\u200b', ogrn: '\u2060', description: '\u200b\n\u200b' })).toMatchObject({
      address: null,
      kpp: null,
      ogrn: null,
      description: null,
    });
  });
});

describe('a text of characters that show nothing is empty (QA MMM-2)', () => {
  it('an optional text is empty, a required one refused as not given', () => {
    expect(safeText({ max: 100, multiline: true }).parse('\u200b\n\u2060')).toBe('');
    expect(safeText({ max: 100 }).parse(' \u200bСлово\u200b ')).toBe('\u200bСлово\u200b');
    expect(safeText({ max: 100, min: 1, required: 'Укажите название' }).safeParse('\u200b').error?.issues[0]?.message).toBe('Укажите название');
  });

  it('a facility’s description and «О себе» of zero-width characters are none', () => {
    expect(facilityFieldsSchema.parse({ name: 'Склад', typeId: '1', description: '\u200b\u200b', address: JSON.stringify({ value: 'Казань', cityFiasId: null, geoLat: null, geoLon: null }) }).description).toBe('');
    expect(userProfileUpdate.body!.parse({ type: 'executor', description: '\u200b' }).description).toBe('');
  });
});

describe('quotedFileName', () => {
  it('a refusal quotes a file name of emoji whole, at most 120 characters', () => {
    const quoted = quotedFileName(` x${'😀'.repeat(130)}.pdf `);
    expect(quoted).toBe(`x${'😀'.repeat(119)}`);
    expect(quoted).not.toMatch(LONE_SURROGATE);
  });
});
