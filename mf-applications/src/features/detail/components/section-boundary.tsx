import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** One block of the page that fails alone (CONVENTIONS: a boundary per independent section). */
export class SectionBoundary extends Component<{ title: string; children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Блок «${this.props.title}» не отрисован`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="detail-section" role="alert">
        <h2>{this.props.title}</h2>
        <p className="detail-muted">Не удалось показать этот блок. Обновите страницу.</p>
      </section>
    );
  }
}
