import { formatWait } from './wait';
import { formatWait as contractFormatWait } from '../contract';
import { formatWait as formFormatWait } from '../ui/form-error';

describe('formatWait', () => {
  it('says seconds up to a minute and a half, then whole minutes rounded up', () => {
    expect(formatWait(45)).toBe('45 с');
    expect(formatWait(90)).toBe('90 с');
    expect(formatWait(91)).toBe('2 мин');
    expect(formatWait(120)).toBe('2 мин');
    expect(formatWait(14 * 60)).toBe('14 мин');
    expect(formatWait(14 * 60 + 1)).toBe('15 мин');
  });

  it('never says zero or a fraction', () => {
    expect(formatWait(0)).toBe('1 с');
    expect(formatWait(0.2)).toBe('1 с');
    expect(formatWait(44.1)).toBe('45 с');
  });

  it('is the one implementation the API (through the contract) and the forms use', () => {
    expect(contractFormatWait).toBe(formatWait);
    expect(formFormatWait).toBe(formatWait);
  });
});
