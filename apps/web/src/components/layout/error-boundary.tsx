import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next address) clears a shown error, so the user can move on from it. */
  resetKey?: string;
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown };

/** Shows the error screen in place of its children when they throw while rendering or loading their code. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return <ErrorScreen detail={error instanceof Error ? error.message : undefined} />;
  }
}
