import { linkedText } from './linked-text';

test('an address in the text becomes a link; the words around it stay as written', () => {
  expect(linkedText('Смета тут: https://disk.yandex.ru/d/AbC123 — посмотрите\nзавтра')).toEqual([
    { text: 'Смета тут: ' },
    { href: 'https://disk.yandex.ru/d/AbC123', text: 'https://disk.yandex.ru/d/AbC123' },
    { text: ' — посмотрите\nзавтра' },
  ]);
});

test.each([
  ['Вот ссылка: http://example.ru/a.', 'http://example.ru/a', '.'],
  ['Фото (https://example.ru/photo?id=5), посмотрите', 'https://example.ru/photo?id=5', '), посмотрите'],
  ['«https://example.ru/план»', 'https://example.ru/план', '»'],
  ['См. https://ru.wikipedia.org/wiki/Кровля_(строительство)!', 'https://ru.wikipedia.org/wiki/Кровля_(строительство)', '!'],
])('«%s»: the sentence’s stop, bracket or quote is not part of the address', (text, href, after) => {
  const parts = linkedText(text);
  expect(parts).toContainEqual({ href, text: href });
  expect(parts.at(-1)).toEqual({ text: after });
});

test('only http and https: other schemes, and a bare scheme, stay words', () => {
  expect(linkedText('javascript:alert(1) data:text/html,x ftp://example.ru https://')).toEqual([{ text: 'javascript:alert(1) data:text/html,x ftp://example.ru https://' }]);
});

test('several addresses, and text without any', () => {
  expect(linkedText('https://a.ru и https://b.ru').filter((part) => 'href' in part)).toHaveLength(2);
  expect(linkedText('Без ссылок')).toEqual([{ text: 'Без ссылок' }]);
  expect(linkedText('')).toEqual([]);
});
