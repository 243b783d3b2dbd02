import { lifecycleActions } from 'shared';
import { ACTIONS, barActions } from './action-map';

describe('the action map', () => {
  it('has a label and a handler for every call path of the lifecycle table, and no other', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual([...lifecycleActions].sort());
  });

  it('pins the calls asked about first and which of their confirms are red (none today): a change to the set is a decision', () => {
    const confirmed = Object.entries(ACTIONS).flatMap(([path, def]) => (def.kind === 'call' && def.confirm ? [[path, def.confirm.danger ?? false]] : []));
    expect(confirmed).toEqual([
      ['application/verification', false],
      ['application/close', false],
      ['application/set-status/no-publish', false],
    ]);
  });

  it('puts in the bar only allowed actions that the bar makes, in the map order', () => {
    const allowed = ['application/close', 'application/contract/sign', 'application/cancel/executor/send/sms', 'application/unknown', 'application/review'];
    expect(barActions(allowed).map(([path]) => path)).toEqual(['application/review', 'application/close']);
    expect(barActions([])).toEqual([]);
  });
});
