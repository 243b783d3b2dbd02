import { formatWait } from './wait';
import { formatWait as contractFormatWait } from '../contract';
import { formatWait as formFormatWait } from '../ui/form-error';

describe('formatWait', () => {
  it('says seconds up to a minute and a half, then whole minutes rounded up', () => {
    expect(formatWait(45)).toBe('45 секунд');
    expect(formatWait(90)).toBe('90 секунд');
    expect(formatWait(91)).toBe('2 минуты');
    expect(formatWait(120)).toBe('2 минуты');
    expect(formatWait(14 * 60)).toBe('14 минут');
    expect(formatWait(14 * 60 + 1)).toBe('15 минут');
  });

  it('says whole hours rounded up past an hour and a half: a day’s limit is «24 часа», not «1440 минут»', () => {
    expect(formatWait(3600)).toBe('60 минут');
    expect(formatWait(90 * 60)).toBe('90 минут');
    expect(formatWait(90 * 60 + 1)).toBe('2 часа');
    expect(formatWait(5 * 3600)).toBe('5 часов');
    expect(formatWait(21 * 3600)).toBe('21 час');
    expect(formatWait(86_391)).toBe('24 часа');
  });

  it('agrees in number with what it counts, in the case «через» asks for', () => {
    expect(formatWait(1)).toBe('1 секунду');
    expect(formatWait(2)).toBe('2 секунды');
    expect(formatWait(11)).toBe('11 секунд');
    expect(formatWait(21)).toBe('21 секунду');
    expect(formatWait(34)).toBe('34 секунды');
    expect(formatWait(21 * 60)).toBe('21 минуту');
    expect(formatWait(23 * 60)).toBe('23 минуты');
    expect(formatWait(58 * 60)).toBe('58 минут');
  });

  it('never says zero or a fraction', () => {
    expect(formatWait(0)).toBe('1 секунду');
    expect(formatWait(0.2)).toBe('1 секунду');
    expect(formatWait(44.1)).toBe('45 секунд');
  });

  it('is the one implementation the API (through the contract) and the forms use', () => {
    expect(contractFormatWait).toBe(formatWait);
    expect(formFormatWait).toBe(formatWait);
  });
});
