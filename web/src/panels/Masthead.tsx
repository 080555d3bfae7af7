// The page's header: title and tagline, the lab/lessons/teacher links, language and theme.
import { prefs, setLang, setTheme } from '../state/prefs';
import type { Lang } from '../state/prefs';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';

export function Masthead() {
  const t = useStrings();
  const p = useStore(prefs);
  return (
    <header className="masthead">
      <a className="skiplink" href="#plots">
        {t.skipToPlots}
      </a>
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
