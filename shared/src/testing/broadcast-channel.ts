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
