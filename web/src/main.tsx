// Entry point: mount the page (or, with `?bench=plot`, the plot benchmark). The fragment picks
// the lab or the lessons (web/src/lessons/lessonRoute.ts).
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './panels/App';
import { PageLoading } from './panels/PageLoading';
import { StartGuard } from './panels/StartGuard';
import { useLessonRoute, usePapersRoute } from './panels/lessons/useLessonRoute';
import './styles.css';

const PlotBench = lazy(() =>
  import('./panels/bench/PlotBench').then((m) => ({ default: m.PlotBench })),
);
// The lessons (Markdown, KaTeX and the bundled lesson files) load only when a lesson route opens.
const LessonRoot = lazy(() =>
  import('./panels/lessons/LessonRoot').then((m) => ({ default: m.LessonRoot })),
);
// The Papers view (the generated reproduction report) also loads only when opened.
const PapersPage = lazy(() =>
  import('./panels/papers/PapersPage').then((m) => ({ default: m.PapersPage })),
);
const bench = new URLSearchParams(globalThis.location.search).get('bench') === 'plot';

// Offline after the first visit: the built site's service worker (scripts/vite-plugins.ts).
if (import.meta.env.PROD && !bench && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch((e: unknown) => {
      console.warn('tcplab: offline mode unavailable:', e);
    });
  });
}

/** The lab, the Papers view (`#papers`), or (when the fragment names a lesson route) the
 * lessons and the teacher view. */
function Root() {
  const route = useLessonRoute();
  if (usePapersRoute()) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PapersPage />
      </Suspense>
    );
  }
  return route ? (
    <Suspense fallback={<PageLoading />}>
      <LessonRoot route={route} />
    </Suspense>
  ) : (
    <App />
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    {bench ? (
      <Suspense fallback={null}>
        <PlotBench />
      </Suspense>
    ) : (
      <StartGuard>
        <Root />
      </StartGuard>
    )}
  </StrictMode>,
);
