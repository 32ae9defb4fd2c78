import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The one Chromium launcher of the browser tests (and benches): headless, no sandbox (root), and
 * no background networking — this machine's closed network refuses Chromium's own connections.
 * `extraArgs` adds flags a test needs (the fake camera of the check-in test).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
