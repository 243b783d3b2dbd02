import { csvRecords, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'a,b,c\r\n"Респ Адыгея, г Адыгейск","ООО ""Ромашка""","две\nстроки"\r\n1,,3';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['Респ Адыгея, г Адыгейск', 'ООО "Ромашка"', 'две\nстроки'],
      ['1', '', '3'],
    ]);
  });

  it('drops a byte-order mark and blank lines, and keeps a trailing empty field', () => {
    expect(parseCsv('\uFEFFx,y\n\n1,\n')).toEqual([
      ['x', 'y'],
      ['1', ''],
    ]);
  });

  it('keys rows by the header and fills missing cells with empty strings', () => {
    expect(csvRecords('city,population\nКазань,1257391\nУфа')).toEqual([
      { city: 'Казань', population: '1257391' },
      { city: 'Уфа', population: '' },
    ]);
  });
});
