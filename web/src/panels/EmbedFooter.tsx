// The one line under an embedded lab (`?embed`): a link that opens the same scenario in the full
// lab, in a new tab (the frame stays as the page around it set it up).
import { urlInMode } from '../state/pageMode';
import { useStrings } from './hooks/useStrings';

export function EmbedFooter() {
  const t = useStrings();
  const href = globalThis.location ? urlInMode(globalThis.location.href, 'lab') : './';
  return (
    <p className="embedfoot">
      <a href={href} target="_blank" rel="noopener" data-testid="open-in-lab">
        {t.screen.openInLab}
      </a>
    </p>
  );
}
