import { absoluteUrl, breadcrumbList, clampText, itemList } from './json-ld';

const ORIGIN = 'https://market.example';

describe('JSON-LD helpers', () => {
  it('a breadcrumb trail numbers its crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbList(ORIGIN, [
        { name: 'Главная', path: '/' },
        { name: 'Услуги', path: '/service' },
        { name: 'Укладка плитки', path: '/service/12' },
      ]),
    ).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://market.example/' },
        { '@type': 'ListItem', position: 2, name: 'Услуги', item: 'https://market.example/service' },
        { '@type': 'ListItem', position: 3, name: 'Укладка плитки', item: 'https://market.example/service/12' },
      ],
    });
  });

  it('an item list counts its items and links each', () => {
    expect(itemList(`${ORIGIN}/`, [{ name: 'Заявка', path: '/application/4' }])).toEqual({
      '@type': 'ItemList',
      numberOfItems: 1,
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Заявка', url: 'https://market.example/application/4' }],
    });
  });

  it('absolute URLs stay as they are; paths join the origin once', () => {
    expect(absoluteUrl(ORIGIN, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl(`${ORIGIN}//`, '//x')).toBe('https://market.example/x');
  });

  it('clamps a description to one line at a word boundary', () => {
    expect(clampText('  Короткий\n текст ')).toBe('Короткий текст');
    expect(clampText('от 1\u00a0000\u00a0₽')).toBe('от 1\u00a0000\u00a0₽');
    const long = clampText('слово '.repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/слово…$/);
  });

  it('cuts a word too long to keep between characters, never inside an emoji (QA KKK-2)', () => {
    const line = clampText('😀'.repeat(100));
    expect(line).toBe(`${'😀'.repeat(100)}`);
    const cut = clampText('😀'.repeat(200));
    expect(cut).toBe(`${'😀'.repeat(159)}…`);
    expect(clampText(`${'ж'.repeat(38)}👩‍💻👩‍💻`, 40)).toBe(`${'ж'.repeat(38)}…`);
  });
});
