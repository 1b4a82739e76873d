import { Component, type ReactNode, startTransition } from 'react';
import { useIntl } from 'react-intl';
import { ErrorScreen } from './error-screen.tsx';
import { LoadFailed } from './load-failed.tsx';

/**
 * A screen's code that did not arrive (no network before the service worker had it, or a browser that
 * runs none): not a fault of the screen, so the page says it could not load and asks again, by itself
 * when the network is back (decision 113).
 */
export class ScreenCodeNotLoaded extends Error {
  /** `forget`: makes the next draw fetch the code again (the router keeps a fetch, failed ones too, till then). */
  constructor(
    cause: unknown,
    readonly forget: () => void = () => {},
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ScreenCodeNotLoaded';
  }
}

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
    if (!this.state.failed || previous.resetKey === this.props.resetKey) return;
    // A screen visited again after its code failed to come is fetched again.
    if (this.state.error instanceof ScreenCodeNotLoaded) this.state.error.forget();
    this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    if (error instanceof ScreenCodeNotLoaded) {
      const retry = () => {
        error.forget();
        // A transition: the message stays until the screen's code is here, rather than a blank page meanwhile.
        startTransition(() => this.setState({ failed: false }));
      };
      return <ScreenNotLoaded onRetry={retry} />;
    }
    return <ErrorScreen detail={error instanceof Error ? error.message : undefined} />;
  }
}

/** Says the screen's code did not come; asking again forgets the failed fetch and draws the screen again. */
function ScreenNotLoaded({ onRetry }: { onRetry: () => void }) {
  const { formatMessage } = useIntl();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <LoadFailed onRetry={onRetry}>{formatMessage({ id: 'app.error.screenNotLoaded' })}</LoadFailed>
    </section>
  );
}
