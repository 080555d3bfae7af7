// Entry point: mount the page (or, with `?bench=plot`, the plot benchmark).
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './panels/App';
import './styles.css';

const PlotBench = lazy(() =>
  import('./panels/bench/PlotBench').then((m) => ({ default: m.PlotBench })),
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

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    {bench ? (
      <Suspense fallback={null}>
        <PlotBench />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
