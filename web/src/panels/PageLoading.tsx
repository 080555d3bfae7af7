// What a view loaded on demand (the lessons, the Papers view) shows while its code arrives:
// a visible, announced line instead of a blank page.
import { useStrings } from './hooks/useStrings';

export function PageLoading() {
  const t = useStrings();
  return (
    <p className="page-loading" role="status" data-testid="page-loading">
      {t.loadingView}
    </p>
  );
}
