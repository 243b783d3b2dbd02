import { act, render } from '@testing-library/react';
import { bus } from './bus';
import { createBus } from './create-bus';
import type { AppEvents } from './events';
import { useBusEvent } from './use-bus-event';

type TestEvents = { ping: { n: number }; pong: { text: string } };

describe('createBus', () => {
  it('delivers a payload only to handlers of that event', () => {
    const b = createBus<TestEvents>();
    const ping = jest.fn();
    const pong = jest.fn();
    b.on('ping', ping);
    b.on('pong', pong);
    b.emit('ping', { n: 1 });
    expect(ping).toHaveBeenCalledWith({ n: 1 });
    expect(pong).not.toHaveBeenCalled();
  });

  it('stops delivering after the returned unsubscribe or off', () => {
    const b = createBus<TestEvents>();
    const first = jest.fn();
    const second = jest.fn();
    const unsubscribe = b.on('ping', first);
    b.on('ping', second);
    unsubscribe();
    b.off('ping', second);
    b.emit('ping', { n: 2 });
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it('still calls every handler when one unsubscribes during emit', () => {
    const b = createBus<TestEvents>();
    const calls: string[] = [];
    const unsubscribe = b.on('ping', () => {
      calls.push('a');
      unsubscribe();
    });
    b.on('ping', () => calls.push('b'));
    b.emit('ping', { n: 3 });
    b.emit('ping', { n: 4 });
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('calls exactly the handlers subscribed when the emit began: a neighbour unsubscribed or a handler added during it waits for the next emit', () => {
    const b = createBus<TestEvents>();
    const calls: string[] = [];
    const late = () => calls.push('late');
    b.on('ping', ({ n }) => {
      calls.push(`a${n}`);
      if (n === 1) {
        unsubscribeB();
        b.on('ping', late);
      }
    });
    const unsubscribeB = b.on('ping', ({ n }) => calls.push(`b${n}`));
    b.emit('ping', { n: 1 });
    expect(calls).toEqual(['a1', 'b1']);
    b.emit('ping', { n: 2 });
    expect(calls).toEqual(['a1', 'b1', 'a2', 'late']);
  });

  it('emits to no one without handlers, and clear() drops every handler', () => {
    const b = createBus<TestEvents>();
    expect(() => b.emit('pong', { text: 'никого' })).not.toThrow();
    const ping = jest.fn();
    const pong = jest.fn();
    b.on('ping', ping);
    b.on('pong', pong);
    b.clear();
    b.emit('ping', { n: 5 });
    b.emit('pong', { text: 'x' });
    expect(ping).not.toHaveBeenCalled();
    expect(pong).not.toHaveBeenCalled();
  });

  it('calls a handler subscribed twice once per emit, and in subscription order', () => {
    const b = createBus<TestEvents>();
    const calls: string[] = [];
    const first = () => calls.push('first');
    b.on('ping', first);
    b.on('ping', () => calls.push('second'));
    b.on('ping', first);
    b.emit('ping', { n: 6 });
    expect(calls).toEqual(['first', 'second']);
  });
});

// Compile-time only: `pnpm typecheck` fails if either line stops being an error. Never called,
// so it is not a Jest test that could only pass.
export function busTypeChecks(b: ReturnType<typeof createBus<TestEvents>>) {
  // @ts-expect-error unknown event
  b.emit('nope', {});
  // @ts-expect-error wrong payload
  b.emit('ping', { text: 'x' });
}

describe('app bus', () => {
  afterEach(() => bus.clear());

  it('is one instance per page', async () => {
    const again = await import('./bus');
    expect(again.bus).toBe(bus);
  });

  it('carries the toast event of the shell', () => {
    const handler = jest.fn<void, [AppEvents['toast:show']]>();
    bus.on('toast:show', handler);
    bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' });
    expect(handler).toHaveBeenCalledWith({ type: 'error', message: 'Ошибка авторизации' });
  });
});

describe('useBusEvent', () => {
  afterEach(() => bus.clear());

  function Listener({ onEvent }: { onEvent: (p: AppEvents['socket:status']) => void }) {
    useBusEvent('socket:status', onEvent);
    return null;
  }

  it('subscribes while mounted, uses the latest handler and unsubscribes on unmount', () => {
    const first = jest.fn();
    const second = jest.fn();
    const view = render(<Listener onEvent={first} />);
    view.rerender(<Listener onEvent={second} />);
    act(() => bus.emit('socket:status', { connected: true }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ connected: true });
    view.unmount();
    bus.emit('socket:status', { connected: false });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
