import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** Named in the console, so a report says which widget failed. */
  name: string;
  fallback: ReactNode;
  /** A new value (the path) gives the widget another try after a navigation. */
  resetKey?: string;
  children: ReactNode;
};
type State = { failed: boolean; resetKey: string | undefined };

/**
 * One header widget's own boundary: a widget that throws shows its small fallback, and the rest
 * of the header and the page keep working (otherwise the router's error screen replaces all).
 */
export class WidgetBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[header: ${this.props.name}]`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
