// Debian's Chromium as every journey launches it, the two screen sizes, and where screenshots go.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};

export async function launchChromium(extraArgs = []) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return watchContentSecurityPolicy(browser);
}

/**
 * Every journey runs under the product's Content Security Policy (docs/security.md): Chromium
 * reports a blocked script, style, image or connection on the console, and closing the browser
 * fails the journey with the first such reports. A policy too strict for the apps cannot pass.
 */
function watchContentSecurityPolicy(browser) {
  const violations = [];
  const watch = (context) => {
    context.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) violations.push(`${message.location().url}: ${text}`);
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watch(await newContext(...args));
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context.
    page.on('close', () => context.close().catch(() => {}));
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async (...args) => {
    await close(...args);
    if (violations.length > 0) {
      throw new Error(`Content Security Policy violations:\n${violations.slice(0, 5).join('\n')}`);
    }
  };
  browser.cspViolations = violations;
  return browser;
}
