// A failed run: its error, the scenario left as it was, and, when the model panicked (a bug in
// tcplab), the panic message and a button that copies a bug report (scenario, error, versions).
import type { RunSnapshot } from '../../state/runStore';
import { CopyButton } from '../CopyButton';
import { useStrings } from '../hooks/useStrings';

interface Props {
  snap: RunSnapshot;
  tag: '' | 'A' | 'B';
  /** The simulator's version, when the page's wasm loaded. */
  version: string | null;
}

export function bugReport(snap: RunSnapshot, version: string | null): string {
  const lines = [
    'tcplab bug report',
    `simulator: ${version ?? 'unknown'}`,
    `page: ${globalThis.location?.origin ?? ''}${globalThis.location?.pathname ?? ''}`,
    `browser: ${globalThis.navigator?.userAgent ?? 'unknown'}`,
    `simulated time reached: ${snap.nowS} s`,
    `error: ${snap.error?.panic ?? snap.error?.message ?? ''}`,
    'scenario:',
    JSON.stringify(snap.scenario, null, 2),
  ];
  return `${lines.join('\n')}\n`;
}

export function RunError({ snap, tag, version }: Props) {
  const t = useStrings();
  if (snap.status !== 'failed' || !snap.error) return null;
  const panic = snap.error.panic;
  return (
    <div
      className="notice notice--error"
      role="alert"
      data-testid={`run-error${tag === 'B' ? '-B' : ''}`}
    >
      <p>
        {tag && `${t.run.variantLabel(tag)}: `}
        {panic ? t.run.crashed : t.run.failed}
      </p>
      <p>
        <code data-testid={panic ? 'panic-message' : undefined}>
          {panic || snap.error.errors.length === 0
            ? snap.error.message
            : snap.error.errors
                .map((e) => (e.path ? `${e.path}: ${t.scenarioError(e)}` : t.scenarioError(e)))
                .join('; ')}
        </code>
      </p>
      {panic && (
        <CopyButton
          label={t.run.copyReport}
          copied={t.run.reportCopied}
          fallback={t.run.reportFallback}
          fieldLabel={t.run.copyReport}
          testId={`copy-bug-report${tag === 'B' ? '-B' : ''}`}
          multiline
          text={() => bugReport(snap, version)}
        />
      )}
    </div>
  );
}
