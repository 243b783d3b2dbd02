import { resetSessionBroadcast, SESSION_CHANNEL_NAME } from '../session/session-broadcast';

/**
 * jsdom has no BroadcastChannel. This one behaves as a browser's does for one page: the instances
 * of a name deliver to each other, asynchronously, never to the one that posted. A test plays
 * another tab with an instance of its own.
 */
export class StubBroadcastChannel {
  static open = new Set<StubBroadcastChannel>();
  private listeners = new Set<(event: MessageEvent) => void>();
  constructor(readonly name: string) {
    StubBroadcastChannel.open.add(this);
  }
  postMessage(data: unknown) {
    for (const other of StubBroadcastChannel.open) {
      if (other !== this && other.name === this.name) setTimeout(() => other.deliver(data), 0);
    }
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.delete(listener);
  }
  close() {
    StubBroadcastChannel.open.delete(this);
  }
  private deliver(data: unknown) {
    if (!StubBroadcastChannel.open.has(this)) return;
    for (const listener of [...this.listeners]) listener(new MessageEvent('message', { data }));
  }
}

/**
 * For a test file of the session's tabs: the stub is the global BroadcastChannel, this tab's session
 * channel starts afresh for each test, and the answer gives that test's other tab (an instance on
 * the session channel). Every channel is closed after each test. Call at the file's top level.
 */
export function otherTabOnSessionChannel(): () => StubBroadcastChannel {
  let otherTab: StubBroadcastChannel;
  beforeAll(() => Object.assign(globalThis, { BroadcastChannel: StubBroadcastChannel }));
  afterAll(() => delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel);
  beforeEach(() => {
    resetSessionBroadcast();
    otherTab = new StubBroadcastChannel(SESSION_CHANNEL_NAME);
  });
  afterEach(() => {
    for (const ch of [...StubBroadcastChannel.open]) ch.close();
  });
  return () => otherTab;
}
