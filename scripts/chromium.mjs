// Where the system's Chromium is and how every headless run here launches it (the report page's test, the
// streaming chat's test, the runtime matrix): Debian's package, never a downloaded browser, with no network of its
// own. GK_CHROMIUM points elsewhere.
// Read through one reference: a test setting, not a build input.
const environment = process.env;
export const CHROMIUM = environment['GK_CHROMIUM'] || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
