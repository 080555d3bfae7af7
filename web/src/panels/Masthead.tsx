// The page's header: skip links (to Run, to the plots), title and tagline, the lab/lessons/teacher
// links, presentation mode, language and theme. In presentation mode: the title, the keys and a
// way back.
import type { MouseEvent } from 'react';
import { pageMode, setPageMode } from '../state/pageMode';
import { prefs, setLang, setTheme } from '../state/prefs';
import type { Lang } from '../state/prefs';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';

/** Move focus to the element with `id` (skip links must not touch the fragment: it holds the link). */
function skipTo(id: string) {
  return (e: MouseEvent) => {
    e.preventDefault();
    const el =
      document.getElementById(id) ??
      document.querySelector<HTMLElement>('main button:not([disabled]), main a[href]');
    if (!el) return;
    el.focus();
    el.scrollIntoView({ block: 'nearest' });
  };
}

export function SkipLinks({ lab }: { lab: boolean }) {
  const t = useStrings();
  return (
    <nav className="skiplinks" aria-label={t.screen.skipLinks}>
      <a className="skiplink" href="#run" data-testid="skip-run" onClick={skipTo('run')}>
        {lab ? t.screen.skipToRun : t.screen.skipToContent}
      </a>
      {lab && (
        <a className="skiplink" href="#plots" data-testid="skip-plots" onClick={skipTo('plots')}>
          {t.skipToPlots}
        </a>
      )}
    </nav>
  );
}

/** `lab`: the lab page (skip links to Run and the plots, the Present button); else a lesson page. */
export function Masthead({ lab = false }: { lab?: boolean }) {
  const t = useStrings();
  const p = useStore(prefs);
  const mode = useStore(pageMode).mode;
  if (mode === 'present') {
    return (
      <header className="masthead masthead--present">
        <SkipLinks lab />
        <h1>{t.appTitle}</h1>
        <p className="masthead__keys">{t.screen.presentKeys}</p>
        <button
          type="button"
          className="button button--small"
          data-testid="leave-present"
          onClick={() => setPageMode('lab')}
        >
          {t.screen.leavePresent}
        </button>
      </header>
    );
  }
  return (
    <header className="masthead">
      <SkipLinks lab={lab} />
      <div className="masthead__title">
        <h1>{t.appTitle}</h1>
        <p>{t.appTagline}</p>
      </div>
      <nav className="masthead__nav" aria-label={t.lessons.nav}>
        <a href="#" data-testid="nav-lab">
          {t.lessons.navLab}
        </a>
        <a href="#lessons" data-testid="nav-lessons">
          {t.lessons.nav}
        </a>
        <a href="#papers" data-testid="nav-papers">
          {t.papers.nav}
        </a>
        <a href="#teacher" data-testid="nav-teacher">
          {t.lessons.navTeacher}
        </a>
      </nav>
      <div className="masthead__prefs">
        {lab && (
          <button
            type="button"
            className="button button--small"
            data-testid="present"
            title={t.screen.presentHint}
            onClick={() => setPageMode('present')}
          >
            {t.screen.present}
          </button>
        )}
        <label>
          <span className="visually-hidden">{t.language}</span>
          <select
            value={p.lang}
            data-testid="language"
            aria-label={t.language}
            onChange={(e) => setLang(e.target.value as Lang)}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="ja" lang="ja">
              日本語
            </option>
          </select>
        </label>
        <button
          type="button"
          className="button button--small"
          data-testid="theme"
          aria-pressed={p.theme === 'dark'}
          title={t.theme.label}
          onClick={() => setTheme(p.theme === 'dark' ? 'light' : 'dark')}
        >
          <span aria-hidden="true">☾ </span>
          {t.theme.dark}
        </button>
      </div>
    </header>
  );
}
