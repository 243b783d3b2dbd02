import { renderWhenIdle, type IdleScheduler } from './render-when-idle';

function idleQueue() {
  const queue: Array<() => void> = [];
  const idle: IdleScheduler = (callback) => {
    queue.push(callback);
    return () => queue.splice(queue.indexOf(callback), 1);
  };
  const runOne = () => queue.shift()?.();
  return { idle, queue, runOne };
}

const blocks = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const element = document.createElement('section');
    element.id = `b${i}`;
    return element;
  });
const rendered = (elements: Element[]) => elements.filter((e) => e.hasAttribute('data-rendered')).map((e) => e.id);

it('marks one element per idle period, in order, and asks for no more once done', () => {
  const { idle, queue, runOne } = idleQueue();
  const elements = blocks(3);
  renderWhenIdle(elements, idle);
  expect(rendered(elements)).toEqual([]);
  expect(queue).toHaveLength(1);
  runOne();
  expect(rendered(elements)).toEqual(['b0']);
  runOne();
  expect(rendered(elements)).toEqual(['b0', 'b1']);
  runOne();
  expect(rendered(elements)).toEqual(['b0', 'b1', 'b2']);
  expect(queue).toHaveLength(0);
});

it('stops what is not done when cancelled (the page left before it was idle)', () => {
  const { idle, queue, runOne } = idleQueue();
  const elements = blocks(3);
  const stop = renderWhenIdle(elements, idle);
  runOne();
  stop();
  expect(queue).toHaveLength(0);
  expect(rendered(elements)).toEqual(['b0']);
});

it('uses requestIdleCallback where the browser has it, and a timeout where it has not', () => {
  jest.useFakeTimers();
  try {
    const elements = blocks(2);
    renderWhenIdle(elements);
    jest.advanceTimersByTime(50);
    expect(rendered(elements)).toEqual(['b0']);
    jest.advanceTimersByTime(50);
    expect(rendered(elements)).toEqual(['b0', 'b1']);

    const requested: Array<() => void> = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => requested.push(() => callback({} as IdleDeadline)));
    window.cancelIdleCallback = jest.fn();
    const more = blocks(1);
    renderWhenIdle(more);
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    requested[0]!();
    expect(rendered(more)).toEqual(['b0']);
  } finally {
    jest.useRealTimers();
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  }
});
