// "Copy link": a link to what the page shows (scenario A, its seed, the plots shown, the time
// window and any lesson flags), through the clipboard or a field to copy it from.
import { encodeLink } from '../../scenario/link/linkCodec';
import { currentLinkState } from '../../state/linkStore';
import { CopyButton } from '../CopyButton';
import { useStrings } from '../hooks/useStrings';

export async function linkToPage(): Promise<string> {
  const url = new URL(globalThis.location.href);
  url.hash = await encodeLink(currentLinkState());
  return url.toString();
}

export function ShareLink() {
  const t = useStrings();
  return (
    <CopyButton
      label={t.share.copy}
      copied={t.share.copied}
      fallback={t.share.fallback}
      fieldLabel={t.share.field}
      testId="copy-link"
      text={linkToPage}
    />
  );
}
