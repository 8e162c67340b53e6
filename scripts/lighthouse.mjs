// Lighthouse (mobile preset, its default: a mid-range phone on a slow 4G, simulated) on the home page, a
// product page and the cart of the built shop with the demo catalogue, in Debian's Chromium.
//
//   npm run lighthouse                 builds if needed, 3 runs per page, prints the median run of each
//   npm run lighthouse -- --runs 1     one run per page
//   npm run lighthouse -- --details    also lists every audit that did not pass
//   npm run lighthouse -- --desktop    the desktop preset instead (the goal is set on mobile)
//
// The full reports are written to .tmp/lighthouse/<page>.json. CHROMIUM_PATH picks another Chromium.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startBuiltServer } from './built-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['CLS', 'cumulative-layout-shift'],
  ['TBT', 'total-blocking-time'],
];

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number.parseInt(args[runsArg + 1] ?? '', 10) : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const details = args.includes('--details');
const desktop = args.includes('--desktop');

execFileSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
mkdirSync('.tmp/lighthouse', { recursive: true });

const server = await startBuiltServer({ name: 'emporium-lighthouse', env: { SEED_DEMO: 'true' } });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  const newest = await (await fetch(`${server.origin}/api/v1/product/get-product`)).json();
  const slug = newest.products?.[0]?.slug;
  if (!slug) throw new Error('the demo catalogue has no product');
  const pages = [
    ['home', '/'],
    ['product', `/product/${slug}`],
    ['cart', '/cart'],
  ];

  const rows = [];
  for (const [name, path] of pages) {
    const results = [];
    for (let run = 0, attempts = 0; run < runs; attempts++) {
      const result = await lighthouse(`${server.origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      }, desktop ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      // Now and then the trace misses the navigation (NO_NAVSTART…): such a run is taken again, twice at most.
      if (result.lhr.runtimeError) {
        if (attempts - run >= 2) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        console.log(`${path}: ${result.lhr.runtimeError.code}, running again`);
        continue;
      }
      results.push(result);
      run += 1;
    }
    // The median run by performance score (Lighthouse's own advice for noisy runs).
    results.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const { lhr, report } = results[Math.floor(results.length / 2)];
    writeFileSync(`.tmp/lighthouse/${name}${desktop ? '-desktop' : ''}.json`, report);
    rows.push({ name, path, lhr, all: results.map((r) => Math.round(r.lhr.categories.performance.score * 100)) });
  }

  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (lhr, id) => {
    const audit = lhr.audits[id];
    return id === 'cumulative-layout-shift' ? audit.numericValue.toFixed(3) : audit.displayValue.replace(/\s/g, ' ');
  };
  console.log(`\nLighthouse ${rows[0].lhr.lighthouseVersion}, ${desktop ? 'desktop' : 'mobile'} preset, ${runs} run(s) per page (median shown)\n`);
  console.log(['page'.padEnd(8), 'perf', 'a11y', 'b-p ', 'seo ', ...METRICS.map(([label]) => label.padEnd(7)), 'perf of each run'].join('  '));
  for (const { name, lhr, all } of rows) {
    console.log(
      [
        name.padEnd(8),
        ...CATEGORIES.map((id) => String(score(lhr, id)).padStart(4)),
        ...METRICS.map(([, id]) => metric(lhr, id).padEnd(7)),
        all.join(' '),
      ].join('  '),
    );
  }
  for (const { name, path, lhr } of rows) {
    const failing = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
    );
    if (details && failing.length > 0) {
      console.log(`\n${name} (${path}): audits that did not pass`);
      for (const audit of failing) console.log(`  ${audit.id.padEnd(36)} ${audit.displayValue ?? ''} ${audit.title}`);
    }
    // The goal (issue 8), CLS read as Lighthouse shows it (three decimals).
    const metGoal =
      score(lhr, 'performance') >= 95 && score(lhr, 'accessibility') === 100 && Number(metric(lhr, 'cumulative-layout-shift')) === 0;
    if (!metGoal) failed = true;
  }
  console.log('\nFull reports: .tmp/lighthouse/<page>.json');
} finally {
  await chrome.kill();
  await server.stop();
}
if (failed) {
  console.log('Not yet: the goal is performance 95 or more, accessibility 100 and CLS 0 on every page.');
  process.exitCode = 1;
} else console.log('Goal met: performance 95 or more, accessibility 100 and CLS 0 on every page.');
