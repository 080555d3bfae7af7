// A failed save (storage full or off) with the button to download the scenario instead; a note
// when another tab saves the same lab; "Undo" after anything replaced the scenario (a preset, an imported file, a link, a restore),
// and the list of the last scenarios kept (state/history.ts) to restore any of them.
import { useEffect } from 'react';
import { saveText } from '../export/download';
import { scenarioFileText } from '../scenario/scenarioFile';
import { saveStatus } from '../state/autosave';
import { activeScenario, editor } from '../state/editorStore';
import { dismissUndo, loadHistory, recovery, restore, undo } from '../state/recovery';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';

export function WorkNotices() {
  const t = useStrings().work;
  const { undo: last, entries } = useStore(recovery);
  const status = useStore(saveStatus);
  useEffect(() => {
    void loadHistory();
  }, []);
  return (
    <>
      {status.failed && (
        <div className="notice notice--error" role="alert" data-testid="save-failed">
          {t.saveFailed}{' '}
          <button
            type="button"
            className="button button--small"
            data-testid="save-failed-export"
            onClick={() =>
              saveText(
                'scenario.json',
                scenarioFileText(activeScenario(editor.get())),
                'application/json',
              )
            }
          >
            {t.download}
          </button>
        </div>
      )}
      {status.otherTab && (
        <div className="notice" role="status" data-testid="other-tab">
          {t.otherTab}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => saveStatus.update((s) => ({ ...s, otherTab: false }))}
          >
            {t.dismiss}
          </button>
        </div>
      )}
      {last && (
        <div className="notice" role="status" data-testid="undo-notice">
          {t.replaced}{' '}
          <button
            type="button"
            className="button button--small"
            data-testid="undo"
            onClick={() => void undo()}
          >
            {t.undo}
          </button>{' '}
          <button type="button" className="button button--small" onClick={dismissUndo}>
            {t.dismiss}
          </button>
        </div>
      )}
      {entries.length > 0 && (
        <details className="notice history" data-testid="history">
          <summary>{t.history(entries.length)}</summary>
          <ol>
            {entries.map((e) => (
              <li key={e.id}>
                {e.A.name || t.untitled} · {new Date(e.id).toLocaleString()}
                {e.valid ? '' : ` · ${t.invalid}`}{' '}
                <button
                  type="button"
                  className="button button--small"
                  data-testid="history-restore"
                  onClick={() => void restore(e)}
                >
                  {t.restore}
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
