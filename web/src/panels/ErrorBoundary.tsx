// If a part of the page throws while rendering (a bug, or a scenario shaped in a way nothing
// expected), show what happened there and a way back, instead of a blank page.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  title: string;
  resetLabel: string;
  onReset(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="card notice notice--error" role="alert" data-testid="render-error">
        <p>{this.props.title}</p>
        <p>
          <code>{this.state.error.message}</code>
        </p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            this.props.onReset();
            this.setState({ error: null });
          }}
        >
          {this.props.resetLabel}
        </button>
      </div>
    );
  }
}
