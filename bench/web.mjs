// The web apps as a phone gets them: the JavaScript the first screen waits for (gzipped, against a
// budget) and Lighthouse's mobile scores of the player app's /login and /reserve, served by the
// running API exactly as in production (its static files and the SPA fallback).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { Audit, Gatherer } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { players, root } from './lib.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Gzipped JavaScript loaded before the first screen, per app; `required` apps must be built. */
const APPS = [
  { app: 'player-web', dist: 'player-web/dist', budget: 120 * 1024, required: true },
  { app: 'admin-dashboard', dist: 'admin-dashboard/dist', budget: 250 * 1024, required: false },
];

const gzipped = (buffer) => gzipSync(buffer, { level: 9 }).length;

function attributes(tag) {
  const found = {};
  for (const [, name, double, single, bare] of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    found[name.toLowerCase()] = double ?? single ?? bare ?? '';
  return found;
}

/** The file under `dist` that a URL of index.html names (`/assets/x.js`, `./assets/x.js`, `/admin/assets/x.js`). */
function fileOf(dist, url) {
  const segments = new URL(url, 'http://app.invalid/').pathname.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i += 1) {
    const candidate = join(dist, ...segments.slice(i).map(decodeURIComponent));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${relative(root, join(dist, 'index.html'))} names ${url}, which is not in ${relative(root, dist)}`);
}

function javascriptUnder(directory) {
  return readdirSync(directory, { recursive: true })
    .map((name) => join(directory, name))
    .filter((path) => /\.m?js$/.test(path) && statSync(path).isFile());
}

function sizes(path, dist) {
  const content = readFileSync(path);
  return { file: relative(dist, path), bytes: content.length, gzip_bytes: gzipped(content) };
}

/** Entry module script + every `<link rel="modulepreload">` of index.html, each gzipped (level 9), summed. */
export function initialJavaScript(apps = APPS) {
  return apps.map(({ app, dist: distPath, budget, required }) => {
    const dist = resolve(root, distPath);
    const index = join(dist, 'index.html');
    if (!existsSync(index)) {
      if (required) throw new Error(`${distPath}/index.html is missing: run npm run build first`);
      return { app, skipped: `no ${distPath}/index.html` };
    }
    const html = readFileSync(index, 'utf8');
    const urls = new Set();
    for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
      const { type, src } = attributes(tag);
      if (type === 'module' && src) urls.add(src);
    }
    for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
      const { rel, href } = attributes(tag);
      if (rel?.split(/\s+/).includes('modulepreload') && href) urls.add(href);
    }
    if (urls.size === 0) throw new Error(`${distPath}/index.html has no module script`);
    const initial = [...new Set([...urls].map((url) => fileOf(dist, url)))]
      .map((path) => sizes(path, dist))
      .sort((a, b) => b.gzip_bytes - a.gzip_bytes);
    const all = javascriptUnder(join(dist, 'assets')).map((path) => sizes(path, dist));
    const total = initial.reduce((sum, file) => sum + file.gzip_bytes, 0);
    return {
      app,
      budget_gzip_bytes: budget,
      initial_js_gzip_bytes: total,
      initial_js_bytes: initial.reduce((sum, file) => sum + file.bytes, 0),
      within_budget: total <= budget,
      status: total <= budget ? 'PASS' : 'FAIL',
      initial_js_files: initial,
      all_js_gzip_bytes: all.reduce((sum, file) => sum + file.gzip_bytes, 0),
      all_js_bytes: all.reduce((sum, file) => sum + file.bytes, 0),
      all_js_files: all.length,
    };
  });
}

/* global document -- ScreenHeadings' function runs in the page */
/** The headings of the screen Lighthouse ended on: proof of which screen was measured. */
class ScreenHeadings extends Gatherer {
  meta = { supportedModes: ['navigation'] };

  getArtifact(context) {
    return context.driver.executionContext.evaluate(
      () => [...document.querySelectorAll('h1, h2')].map((heading) => heading.textContent.trim()),
      { args: [] },
    );
  }
}

class ScreenHeadingsAudit extends Audit {
  static get meta() {
    return {
      id: 'kort-screen-headings',
      title: 'Headings of the measured screen',
      description: 'Kort bench: which screen of the app the page ended on.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: ['ScreenHeadings'],
    };
  }

  static audit(artifacts) {
    return { score: null, details: { type: 'debugdata', headings: artifacts.ScreenHeadings } };
  }
}

// Lighthouse's default config (mobile: Moto G-class emulation, simulated slow 4G) plus one
// informative audit outside every category, so the scores are the stock ones.
const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'ScreenHeadings', gatherer: { instance: new ScreenHeadings() } }],
  audits: [{ implementation: ScreenHeadingsAudit }],
};

/** One Lighthouse run in a fresh Chromium; `cookies` ("a=1; b=2") go into its cookie jar first. */
async function runLighthouse(url, cookies) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (cookies) {
      // Real cookies, as a returning player's phone has them. Lighthouse's extraHeaders Cookie would
      // sign the page in too, but document.cookie stays empty, so the app first fetches a CSRF token
      // from /api/give_email/: one request a signed-in player never makes.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(
        cookies.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
        }),
      );
      await browser.close();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'html',
        onlyCategories: ['performance', 'accessibility'],
        onlyAudits: ['kort-screen-headings'],
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json());
    return { ...result, browser: version.Browser };
  } finally {
    await chrome.kill();
  }
}

const rounded = (value, digits = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(digits)) : null;
const score = (category) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);

function summary(page, { lhr, browser }, runs, reportFile) {
  const numeric = (id, digits) => rounded(lhr.audits[id]?.numericValue, digits);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const headings = lhr.audits['kort-screen-headings']?.details?.headings ?? [];
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const expected = page.heading === undefined || headings.includes(page.heading);
  return {
    page: page.path,
    runs,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    fcp_ms: numeric('first-contentful-paint'),
    lcp_ms: numeric('largest-contentful-paint'),
    tbt_ms: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift', 3),
    total_byte_weight: numeric('total-byte-weight'),
    script_transfer_bytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    final_url: finalPath,
    headings,
    signed_in: page.signedIn ? finalPath !== '/login' : null,
    expected_screen: page.heading ?? null,
    screen: finalPath === page.path && expected ? 'as expected' : 'not the expected screen',
    api_errors: requests
      .filter((request) => new URL(request.url).pathname.startsWith('/api/') && request.statusCode >= 400)
      .map((request) => `${request.statusCode} ${new URL(request.url).pathname}`),
    accessibility_failures: accessibilityFailures,
    runtime_error: lhr.runtimeError?.message ?? null,
    opportunities: Object.entries(lhr.audits)
      .filter(([, a]) => a.details?.overallSavingsMs > 0)
      .map(([id, a]) => ({
        id,
        savings_ms: rounded(a.details.overallSavingsMs),
        savings_bytes: rounded(a.details.overallSavingsBytes),
      }))
      .sort((a, b) => b.savings_ms - a.savings_ms),
    warnings: lhr.runWarnings,
    lighthouse: lhr.lighthouseVersion,
    browser,
    benchmark_index: rounded(lhr.environment.benchmarkIndex),
    report: reportFile,
  };
}

/**
 * Lighthouse (mobile defaults, performance and accessibility) on /login, signed out, and on
 * /reserve as a signed-in player; `runs` runs each, the median run (Lighthouse's own pick) kept.
 */
export async function lighthouseScores(base, databaseUrl, runs = 1) {
  const [player] = await players(base, databaseUrl, 1);
  const pages = [
    { path: '/login', heading: 'Вход' },
    { path: '/reserve', heading: 'Выберите дату', cookies: player.cookie, signedIn: true },
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const measured = [];
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await runLighthouse(base + page.path, page.cookies));
    const valid = filterToValidRuns(results.map((result) => result.lhr));
    const medianLhr = valid.length ? computeMedianRun(valid) : results[0].lhr;
    const median = results.find((result) => result.lhr === medianLhr);
    const reportFile = `bench/results/lighthouse${page.path.replaceAll('/', '-')}.html`;
    writeFileSync(join(root, reportFile), median.report);
    measured.push({
      ...summary(page, median, runs, reportFile),
      performance_runs: results.map((result) => score(result.lhr.categories.performance)),
    });
  }
  return measured;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

export function printWeb({ initial_js: bundles, lighthouse: scores }) {
  console.log('\nInitial JavaScript (entry module + modulepreload of index.html, gzip -9)\n');
  console.table(
    bundles.map((b) =>
      b.skipped
        ? { app: b.app, status: `skipped (${b.skipped})` }
        : {
            app: b.app,
            'initial KB gz': kb(b.initial_js_gzip_bytes),
            'budget KB gz': kb(b.budget_gzip_bytes),
            status: b.status,
            'initial KB raw': kb(b.initial_js_bytes),
            'all JS KB gz': `${kb(b.all_js_gzip_bytes)} (${b.all_js_files} files)`,
            biggest: b.initial_js_files
              .slice(0, 3)
              .map((f) => `${f.file} ${kb(f.gzip_bytes)}`)
              .join(', '),
          },
    ),
  );
  if (!scores) return;
  console.log(`\nLighthouse mobile (simulated throttling), median of ${scores[0]?.runs ?? 0} run(s)\n`);
  console.table(
    scores.map((s) => ({
      page: s.page,
      perf: s.performance,
      a11y: s.accessibility,
      'FCP ms': s.fcp_ms,
      'LCP ms': s.lcp_ms,
      'TBT ms': s.tbt_ms,
      CLS: s.cls,
      bytes: s.total_byte_weight,
      'ended on': s.final_url,
      screen: s.screen,
    })),
  );
  for (const s of scores) {
    const notes = [`headings: ${s.headings.join(' | ') || 'none'}`];
    if (s.signed_in !== null) notes.push(s.signed_in ? 'signed in' : 'NOT signed in (ended on /login)');
    if (s.api_errors.length) notes.push(`API errors: ${s.api_errors.join(', ')}`);
    if (s.opportunities.length)
      notes.push(
        `opportunities: ${s.opportunities
          .slice(0, 3)
          .map((o) => `${o.id} ${o.savings_ms} ms${o.savings_bytes ? ` / ${kb(o.savings_bytes)} KB` : ''}`)
          .join(', ')}`,
      );
    if (s.accessibility_failures.length) notes.push(`a11y failures: ${s.accessibility_failures.join(', ')}`);
    if (s.runtime_error) notes.push(`runtime error: ${s.runtime_error}`);
    console.log(`${s.page}: ${notes.join('; ')} (report: ${s.report})`);
    if (s.screen !== 'as expected')
      console.warn(`WARNING: ${s.page} ended on ${s.final_url}, not the expected screen "${s.expected_screen}"`);
  }
}
