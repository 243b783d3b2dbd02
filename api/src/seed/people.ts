import type { ProfileType } from 'shared/contract';

export const DEMO_PASSWORD = 'demo-password-1';

export interface SeedPerson {
  phone: string;
  name: string;
  email: string;
  profile: { type: ProfileType; name: string; inn?: string; services?: string[] };
}

/** The first two are the documented demo accounts (customer and executor). */
export const people: readonly SeedPerson[] = [
  { phone: '79990000001', name: 'Анна Смирнова', email: 'customer@example.ru', profile: { type: 'customer', name: 'Анна Смирнова' } },
  { phone: '79990000002', name: 'Иван Петров', email: 'executor@example.ru', profile: { type: 'executor', name: 'Иван Петров', services: ['Электромонтажные работы', 'Монтаж освещения', 'Сборка электрощита', 'Установка розеток'] } },
  { phone: '79990000003', name: 'Ольга Кузнецова', email: 'olga.k@example.ru', profile: { type: 'customer', name: 'Ольга Кузнецова' } },
  { phone: '79990000004', name: 'Дмитрий Соколов', email: 'd.sokolov@example.ru', profile: { type: 'customer', name: 'Дмитрий Соколов' } },
  { phone: '79990000005', name: 'Елена Морозова', email: 'morozova@example.ru', profile: { type: 'customer', name: 'Елена Морозова' } },
  { phone: '79990000006', name: 'Сергей Волков', email: 'volkov@example.ru', profile: { type: 'customer', name: 'Сергей Волков' } },
  { phone: '79990000007', name: 'Наталья Лебедева', email: 'lebedeva@example.ru', profile: { type: 'organization', name: 'ООО «СтройИнвест»', inn: '7701234560' } },
  { phone: '79990000008', name: 'Павел Новиков', email: 'novikov@example.ru', profile: { type: 'organization', name: 'АО «ГородСервис»', inn: '7802345676' } },
  { phone: '79990000009', name: 'Алексей Фёдоров', email: 'fedorov@example.ru', profile: { type: 'executor', name: 'Алексей Фёдоров', services: ['Укладка плитки', 'Штукатурка стен', 'Поклейка обоев', 'Ремонт квартир под ключ'] } },
  { phone: '79990000010', name: 'Михаил Егоров', email: 'egorov@example.ru', profile: { type: 'executor', name: 'Михаил Егоров', services: ['Монтаж водопровода', 'Установка сантехники', 'Монтаж отопления', 'Прочистка канализации'] } },
  { phone: '79990000011', name: 'Татьяна Павлова', email: 'pavlova@example.ru', profile: { type: 'executor', name: 'Татьяна Павлова', services: ['Генеральная уборка', 'Уборка после ремонта', 'Мойка окон', 'Химчистка мебели'] } },
  { phone: '79990000012', name: 'Андрей Козлов', email: 'kozlov@example.ru', profile: { type: 'executor', name: 'Андрей Козлов', services: ['Квартирный переезд', 'Офисный переезд', 'Вывоз строительного мусора', 'Услуги грузчиков'] } },
  { phone: '79990000013', name: 'Мария Степанова', email: 'stepanova@example.ru', profile: { type: 'executor', name: 'Мария Степанова', services: ['Дизайн интерьера', 'Обмерный план', 'Проект дома'] } },
  { phone: '79990000014', name: 'Николай Орлов', email: 'orlov@example.ru', profile: { type: 'executor', name: 'Бригада Николая Орлова', services: ['Возведение фундамента', 'Кладка кирпича и блоков', 'Монтаж кровли', 'Строительство бани'] } },
  { phone: '79990000015', name: 'Виктор Никитин', email: 'nikitin@example.ru', profile: { type: 'organization', name: 'ООО «ЭнергоПроект»', inn: '6603456789', services: ['Проект электроснабжения', 'Электромонтажные работы'] } },
];
