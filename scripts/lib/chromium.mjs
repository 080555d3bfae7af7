// Flags for Debian's Chromium in every headless run (Playwright tests, screenshots, benchmarks):
// no sandbox and no GPU in a container, and no background traffic (README, "Browser tests").
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
