// The last line of defence: if the lab throws while drawing outside every panel's own boundary
// (a bug, or saved work shaped in a way nothing expected), the page does not go blank. It offers
// to start again with the default scenario, and keeps the scenario that broke it, in the history
// and as a file to download, so no work is lost either way.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { saveText } from '../export/download';
import { stringsFor } from '../i18n';
import { prefs } from '../state/prefs';
import { startOver } from '../state/recovery';
import { editor } from '../state/editorStore';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** Bumped to mount the lab afresh after "start with the default scenario". */
  generation: number;
}

export class StartGuard extends Component<Props, State> {
  state: State = { error: null, generation: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    const { error, generation } = this.state;
    if (!error) return <div key={generation}>{this.props.children}</div>;
    const t = stringsFor(prefs.get().lang).startGuard;
    const broken = editor.get();
    return (
      <main className="page">
        <div className="card notice notice--error" role="alert" data-testid="start-guard">
          <h1>{t.heading}</h1>
          <p>{t.text}</p>
          <p>
            <code>{error.message}</code>
          </p>
          <p className="notice__actions">
            <button
              type="button"
              className="button"
              data-testid="start-default"
              onClick={() => {
                void startOver().then(() =>
                  this.setState({ error: null, generation: generation + 1 }),
                );
              }}
            >
              {t.startDefault}
            </button>{' '}
            <button
              type="button"
              className="button button--small"
              data-testid="download-broken"
              onClick={() =>
                saveText(
                  'tcplab-broken-scenario.json',
                  `${JSON.stringify({ A: broken.A, B: broken.B }, null, 2)}\n`,
                  'application/json',
                )
              }
            >
              {t.download}
            </button>
          </p>
        </div>
      </main>
    );
  }
}
