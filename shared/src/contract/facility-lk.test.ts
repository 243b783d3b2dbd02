import { FACILITY_MESSAGES, facilityLinkedMessage } from './facility-lk';

describe('facilityLinkedMessage', () => {
  it('names the applications that link the facility after the spec’s text, the first five and how many more', () => {
    expect(facilityLinkedMessage([10074], 1)).toBe(`${FACILITY_MESSAGES.linked}: заявка № 10074`);
    expect(facilityLinkedMessage([10074, 10080], 2)).toBe(`${FACILITY_MESSAGES.linked}: заявки № 10074, 10080`);
    expect(facilityLinkedMessage([1, 2, 3, 4, 5], 8)).toBe(`${FACILITY_MESSAGES.linked}: заявки № 1, 2, 3, 4, 5 и ещё 3`);
  });

  it('is the spec’s text alone when it has no number to give', () => {
    expect(facilityLinkedMessage([], 0)).toBe(FACILITY_MESSAGES.linked);
  });
});
