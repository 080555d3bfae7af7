// "Undo" after anything replaced the scenario (a preset, an imported file, a link, a restore),
// and the list of the last scenarios kept (state/history.ts) to restore any of them.
import { useEffect } from 'react';
import { dismissUndo, loadHistory, recovery, restore, undo } from '../state/recovery';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';

export function WorkNotices() {
  const t = useStrings().work;
  const { undo: last, entries } = useStore(recovery);
  useEffect(() => {
    void loadHistory();
  }, []);
  return (
    <>
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
