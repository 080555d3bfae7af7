// Entry point: mount the page (or, with `?bench=plot`, the plot benchmark).
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './panels/App';
import './styles.css';

const PlotBench = lazy(() =>
  import('./panels/bench/PlotBench').then((m) => ({ default: m.PlotBench })),
);
const bench = new URLSearchParams(globalThis.location.search).get('bench') === 'plot';

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
