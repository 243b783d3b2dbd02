import { keepNumbersTogether, NBSP } from './spaces';

test('keeps «№» on the line of its number, and leaves other spaces alone', () => {
  expect(keepNumbersTogether('Новый отклик на заявку № 10104, № 7')).toBe(`Новый отклик на заявку №${NBSP}10104, №${NBSP}7`);
  expect(keepNumbersTogether('Заявка № не указана')).toBe('Заявка № не указана');
});
