// The Papers view (`#papers`): the generated reproduction report (docs/papers.md's tables), one
// table per paper under its reference and notes (what the lab had to assume), with a button per
// result that opens its experiment in the lab. The text is in the reader's language.
import { useState } from 'react';
import { PAPERS, experimentScenario, paperText, resultText } from '../../papers/report';
import type { Experiment, Verdict } from '../../papers/report';
import { encodeLink } from '../../scenario/link/linkCodec';
import { loadGrader } from '../../sim/grader';
import { loadPageWasm } from '../../sim/validator';
import { replaceScenario } from '../../state/editorStore';
import { prefs } from '../../state/prefs';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { Masthead } from '../Masthead';
import './papers.css';

/**
 * Put a row's experiment in the lab and go there. The scenario goes in the editor (for a lab
 * already started) and in the lab's link (for one that starts now, which reads its link).
 * Returns why it could not, if it could not.
 */
async function openExperiment(e: Experiment): Promise<string | null> {
  await Promise.all([loadPageWasm(), loadGrader()]);
  const s = experimentScenario(e);
  if (typeof s === 'string') return s;
  replaceScenario(s);
  globalThis.location.hash = await encodeLink(
    { scenario: s },
    (await loadPageWasm()).reader.modelVersion,
  );
  return null;
}

export function PapersPage() {
  const t = useStrings();
  const lang = useStore(prefs).lang;
  const [error, setError] = useState<string | null>(null);
  const verdict: Record<Verdict, string> = {
    reproduced: t.papers.reproduced,
    direction: t.papers.direction,
    not_reproduced: t.papers.notReproduced,
  };
  const open = (e: Experiment) => {
    void openExperiment(e).then((problem) => {
      if (problem) setError(`${t.papers.openFailed} ${problem}`);
    });
  };

  return (
    <div className="page">
      <Masthead />
      <main className="papers" data-testid="papers">
        <h2>{t.papers.heading}</h2>
        <p>{t.papers.intro}</p>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        {PAPERS.map((p) => {
          const about = paperText(p, lang);
          return (
            <section
              key={p.paper}
              className="card papers__paper"
              aria-labelledby={`paper-${p.paper}`}
            >
              <h3 id={`paper-${p.paper}`}>{t.papers.paper(p.paper, about.title)}</h3>
              <p className="papers__cite">{about.cite}</p>
              {about.notes && (
                <details className="papers__about">
                  <summary data-testid={`paper-notes-toggle-${p.paper}`}>
                    {t.papers.assumed}
                  </summary>
                  <p className="papers__notes" data-testid={`paper-notes-${p.paper}`}>
                    {about.notes}
                  </p>
                </details>
              )}
              <div className="papers__scroll">
                <table className="papers__table">
                  <thead>
                    <tr>
                      <th scope="col">{t.papers.result}</th>
                      <th scope="col">{t.papers.paperValue}</th>
                      <th scope="col">{t.papers.labValue}</th>
                      <th scope="col">{t.papers.verdict}</th>
                      <th scope="col">{t.papers.why}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t.papers.open}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.results.map((r) => {
                      const text = resultText(r, lang);
                      return (
                        <tr key={r.id} data-testid={`paper-row-${p.paper}-${r.id}`}>
                          <td data-label={t.papers.result}>
                            {text.claim} <span className="papers__where">({text.where})</span>
                          </td>
                          <td data-label={t.papers.paperValue}>{text.paper}</td>
                          <td data-label={t.papers.labValue}>{text.lab}</td>
                          <td data-label={t.papers.verdict}>
                            <span className={`papers__verdict papers__verdict--${r.verdict}`}>
                              {verdict[r.verdict]}
                            </span>
                          </td>
                          <td data-label={t.papers.why}>{text.why}</td>
                          <td>
                            {r.open && (
                              <button
                                type="button"
                                className="button button--small"
                                data-testid={`paper-open-${p.paper}-${r.id}`}
                                title={t.papers.openHint(r.open.scenario)}
                                onClick={() => r.open && open(r.open)}
                              >
                                {t.papers.open}
                              </button>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })}
      </main>
    </div>
  );
}
