// Small line icons for icon buttons (fonts differ in which symbols they have).
const PATHS = {
  open: 'M6 4l5 5-5 5',
  close: 'M4 6l5 5 5-5',
  copy: 'M6 6h8v8H6zM3 11V3h8',
  remove: 'M4 4l10 10M14 4L4 14',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="14" height="14" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
