import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../features/error-screens/error-screen';
import { reloadOnce } from '../features/reload/reload-guard';
import type { RemoteName } from './registry';
import { RemoteErrorPanel } from './remote-error-panel';
import { isChunkLoadError } from './remote-load-error';

type Props = { remote: RemoteName; children: ReactNode };
type State = { error: unknown; attempt: number };

/** Catches render errors of one remote's page so the layout and other sections stay usable. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[${this.props.remote}]`, error, info.componentStack);
    if (isChunkLoadError(error)) reloadOnce();
  }

  private readonly retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    if (isChunkLoadError(error)) return <RemoteErrorPanel onRetry={this.retry} />;
    const message = error instanceof Error ? error.message : String(error);
    return <ErrorScreen status={500} detail={message} />;
  }
}
