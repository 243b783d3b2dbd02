import { executorTitle } from '../features/executors/lib/executor-title';
import { makeExecutor } from '../features/executors/testing/fixtures';
import { facilityTitle } from '../features/facilities/lib/facility-title';
import { makeFacility } from '../features/facilities/testing/fixtures';

const address = (value: string) => ({ value, cityFiasId: null, geoLat: null, geoLon: null });
const LONG_ADDRESS = `г Москва, ${'Ж'.repeat(490)}`;

describe('catalogue page titles (QA KKK-3)', () => {
  it('an organisation’s title names the city of its legal address, not its street and house', () => {
    const executor = makeExecutor({ type: 'organization', name: 'ООО «ЭнергоПроект»', address: address('Новосибирская обл, г Новосибирск, ул Ленина, д 32') });
    expect(executorTitle(executor)).toBe('ООО «ЭнергоПроект» — организация-исполнитель, Новосибирская обл, г Новосибирск');
    expect(executorTitle(makeExecutor({ type: 'organization', name: 'ООО «Ромашка»', address: address('ул Ленина, д 32') }))).toBe('ООО «Ромашка» — организация-исполнитель');
  });

  it('a person’s title names the city he chose', () => {
    expect(executorTitle(makeExecutor({ type: 'executor', name: 'Иван Петров', address: address('г Санкт-Петербург') }))).toBe('Иван Петров — исполнитель, г Санкт-Петербург');
    expect(executorTitle(makeExecutor({ type: 'executor', name: 'Иван Петров', address: null }))).toBe('Иван Петров — исполнитель');
  });

  it('a long name and a long address make no long title; what the page is still shows', () => {
    const executor = makeExecutor({ type: 'organization', name: `ООО «${'Ю'.repeat(290)}»`, address: address(LONG_ADDRESS) });
    const title = executorTitle(executor);
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title).toMatch(/^ООО «Ю+… — организация-исполнитель, г Москва$/);

    const facility = facilityTitle(makeFacility({ name: 'Склад '.repeat(33), address: address(LONG_ADDRESS) }));
    expect(facility.length).toBeLessThanOrEqual(100);
    expect(facility).toMatch(/^Склад Склад .*Склад… — складское помещение, г Москва…$/);
  });

  it('a facility’s title keeps its address when it fits', () => {
    expect(facilityTitle(makeFacility())).toBe('Склад на Тэцевской — складское помещение, г Казань, ул Тэцевская, д 12');
  });
});
