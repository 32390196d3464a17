import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (no browser download); override with env CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run in a container: no sandbox, GPU, QUIC or background traffic. */
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

/** A headless Chromium for end-to-end tests of hosted pages; close it in afterAll. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
