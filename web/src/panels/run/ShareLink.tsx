// "Copy link": a link to what the page shows (scenario A, its seed, the plots shown, the time
// window and any lesson flags), through the clipboard or a field to copy it from. A scenario too
// large for a link that opens gets no link: the page says so and offers the JSON file instead.
import { useState } from 'react';
import { saveText } from '../../export/download';
import { encodeLinkChecked } from '../../scenario/link/linkCodec';
import type { EncodedLink } from '../../scenario/link/linkCodec';
import { scenarioFileText } from '../../scenario/scenarioFile';
import { loadPageWasm } from '../../sim/validator';
import { diffScenarios } from '../../scenario/diff';
import { currentLinkState } from '../../state/linkStore';
import { runA } from '../../state/runs';
import { CopyButton } from '../CopyButton';
import { useStrings } from '../hooks/useStrings';

/** A link to what the page shows, or why there is none. */
export async function linkToPage(): Promise<
  { ok: true; url: string } | Exclude<EncodedLink, { ok: true }>
> {
  const state = currentLinkState();
  // The trace hash of the finished run of this very scenario travels with the link, so a lab on
  // another model version can show both.
  const run = runA.getSnapshot();
  if (
    run.status === 'done' &&
    run.traceHash &&
    run.scenario &&
    diffScenarios(run.scenario, state.scenario).length === 0
  ) {
    state.traceHash = run.traceHash;
  }
  const r = await encodeLinkChecked(state, (await loadPageWasm()).reader.modelVersion);
  if (!r.ok) return r;
  const url = new URL(globalThis.location.href);
  url.hash = r.hash;
  return { ok: true, url: url.toString() };
}

export function ShareLink() {
  const t = useStrings();
  const [tooBig, setTooBig] = useState<{ size: number; limit: number } | null>(null);
  return (
    <>
      <CopyButton
        label={t.share.copy}
        copied={t.share.copied}
        fallback={t.share.fallback}
        fieldLabel={t.share.field}
        testId="copy-link"
        text={async () => {
          const r = await linkToPage();
          setTooBig(r.ok ? null : { size: r.size, limit: r.limit });
          return r.ok ? r.url : null;
        }}
      />
      {tooBig && (
        <p className="notice notice--warn" role="alert" data-testid="link-too-big">
          {t.share.tooBig(tooBig.size, tooBig.limit)}{' '}
          <button
            type="button"
            className="button button--small"
            data-testid="link-too-big-json"
            onClick={() =>
              saveText(
                'tcplab-scenario.json',
                scenarioFileText(currentLinkState().scenario),
                'application/json',
              )
            }
          >
            {t.share.downloadJson}
          </button>
        </p>
      )}
    </>
  );
}
