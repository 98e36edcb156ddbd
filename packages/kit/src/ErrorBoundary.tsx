import { Component, type ReactNode } from 'react';
import { ErrorState } from './States.tsx';

interface Props {
  children: ReactNode;
  /** Called by "Retry" before the children render again (e.g. reload a page chunk that failed). */
  onRetry?: () => void;
}

/**
 * Catches what a page throws while rendering or loading its code (a chunk that failed to download
 * after a deploy, a bug) and shows the error state with "Retry" instead of a blank screen.
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('error') };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorState
        error={this.state.error}
        testId="page-error"
        onRetry={() => {
          this.props.onRetry?.();
          this.setState({ error: null });
        }}
      />
    );
  }
}
