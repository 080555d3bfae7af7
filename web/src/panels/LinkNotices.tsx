// What the page says about how it started: a link it could not open (and why), a link whose
// scenario does not validate (with its errors, and a way to open it anyway), autosaved work it
// restored, and autosaved work a link replaced (restore or discard: never dropped silently).
import { asSentence } from '../i18n';
import {
  discardOffer,
  dismissNotice,
  linkStore,
  openInvalidLink,
  restoreOffer,
} from '../state/linkStore';
import { runA } from '../state/runs';
import { useStore } from './hooks/useStore';
import { useStrings } from './hooks/useStrings';

/** A version or hash from a file or link, cut to a length the notice can show. */
const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

const when = (ms: number, lang: string) =>
  new Date(ms).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export function LinkNotices({ lang }: { lang: string }) {
  const t = useStrings();
  const { notice, offer, otherModel } = useStore(linkStore);
  const run = useStore(runA);
  // A file's hash is compared with a finished run of exactly the file's scenario.
  const nowHash =
    !otherModel?.file ||
    (run.status === 'done' && JSON.stringify(run.scenario) === otherModel.file.scenario)
      ? run.traceHash
      : null;
  if (!notice && !offer && !otherModel) return null;
  return (
    <div className="linknotices">
      {otherModel && (
        <div className="notice notice--warn" role="status" data-testid="link-other-model">
          <p>
            {otherModel.file
              ? t.share.otherModelFile(
                  otherModel.file.name,
                  short(otherModel.theirs),
                  otherModel.ours,
                )
              : t.share.otherModel(short(otherModel.theirs), otherModel.ours)}
          </p>
          {otherModel.traceHash && nowHash && otherModel.traceHash !== nowHash && (
            <p data-testid="link-other-hashes">
              {otherModel.file ? t.share.fileHashes : t.share.hashes}:{' '}
              <code>{short(otherModel.traceHash)}</code> → <code>{nowHash}</code>
            </p>
          )}
          <button
            type="button"
            className="button button--small"
            onClick={() => linkStore.update((s) => ({ ...s, otherModel: null }))}
          >
            {t.share.dismiss}
          </button>
        </div>
      )}
      {notice?.kind === 'failed' && (
        <div className="notice notice--error" role="alert" data-testid="link-error">
          <p>{t.share.failed}</p>
          <p>
            {t.share.problems[notice.reason]}: <code>{notice.detail}</code>
          </p>
          <button type="button" className="button button--small" onClick={dismissNotice}>
            {t.share.dismiss}
          </button>
        </div>
      )}
      {notice?.kind === 'invalid' && (
        <div className="notice notice--error" role="alert" data-testid="link-error">
          <p>{t.share.invalid}</p>
          <ul>
            {notice.errors.slice(0, 5).map((e, i) => (
              <li key={i}>
                <code>{e.path || '(top)'}</code>: {asSentence(e.message)}
              </li>
            ))}
          </ul>
          <div className="notice__actions">
            <button
              type="button"
              className="button button--small"
              data-testid="link-open-anyway"
              onClick={openInvalidLink}
            >
              {t.share.openAnyway}
            </button>
            <button type="button" className="button button--small" onClick={dismissNotice}>
              {t.share.dismiss}
            </button>
          </div>
        </div>
      )}
      {notice?.kind === 'restored' && (
        <div className="notice notice--info" role="status" data-testid="autosave-restored">
          <p>{t.share.restored(when(notice.savedAt, lang))}</p>
          <button type="button" className="button button--small" onClick={dismissNotice}>
            {t.share.dismiss}
          </button>
        </div>
      )}
      {offer && (
        <div className="notice notice--info" role="status" data-testid="autosave-offer">
          <p>{t.share.offer(when(offer.savedAt, lang))}</p>
          <div className="notice__actions">
            <button
              type="button"
              className="button button--small button--primary"
              data-testid="autosave-restore"
              onClick={restoreOffer}
            >
              {t.share.restore}
            </button>
            <button
              type="button"
              className="button button--small"
              data-testid="autosave-discard"
              onClick={discardOffer}
            >
              {t.share.discard}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
