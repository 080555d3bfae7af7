// Saving a file from the page: a Blob behind a temporary object URL and an <a download> click.

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveText(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

/** A file-name-safe version of a scenario or plot name. */
export function safeName(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'tcplab';
}
