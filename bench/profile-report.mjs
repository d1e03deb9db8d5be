// A .cpuprofile (node --cpu-prof) read as text: self time by package and by function, and
// inclusive time by function. Used by bench/profile.mjs and by the parts that profile their
// replicas (RUSH_PROFILE in bench/rush.mjs). `node bench/profile-report.mjs <file.cpuprofile> …`
// reads saved ones again; PROFILE_TOP=<n> lists n functions by inclusive time (70).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from './lib.mjs';

/**
 * Self time per package (node_modules/<name>, node: internals, our code) and per function; with
 * `windows` (`[{ from, to }]` in µs of the monotonic clock, bench/lib.mjs monotonicMicros), only
 * the samples taken inside them: the load, not the start-up and the sign-ins before it.
 */
export function report(profile, windows = []) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const inside = (at) => !windows.length || windows.some((w) => at >= w.from && at <= w.to);
  // How busy the thread was in each quarter second of the first window: a saturated stretch (a
  // queue) reads near 100 %, a stall (waiting on something else) near 0.
  const quarters = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (!inside(at)) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
    if (windows.length && at <= windows[0].to) {
      const quarter = Math.floor((at - windows[0].from) / 250_000);
      const slot = quarters.get(quarter) ?? { idle: 0, all: 0 };
      if (byId.get(profile.samples[i]).callFrame.functionName === '(idle)') slot.idle += dt;
      slot.all += dt;
      quarters.set(quarter, slot);
    }
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const packages = new Map();
  const functions = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const url = callFrame.url;
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:')
        ? 'node (internals)'
        : url.includes('/services/')
          ? 'kort'
          : url
            ? url.split('/').at(-1)
            : callFrame.functionName || '(native)');
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const name = `${callFrame.functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(root, '')}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/.*node_modules\//, '').replace(root, '')}:${node.callFrame.lineNumber + 1}`;
  const inclusive = new Map();
  for (const [id, us] of self) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at));
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  if (quarters.size)
    console.log(
      `\nbusy by quarter second from the window's start: ${[...quarters]
        .sort(([a], [b]) => a - b)
        .map(([quarter, { idle, all }]) => `${quarter / 4}s ${Math.round((100 * (all - idle)) / all)}%`)
        .join(' · ')}`,
    );
  console.log(`\nself time by package (${(total / 1e6).toFixed(1)} s sampled)\n${top(packages, 25)}`);
  console.log(`\nself time by function\n${top(functions, 40)}`);
  console.log(`\ninclusive time by function\n${top(inclusive, Number(process.env.PROFILE_TOP ?? 70))}`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const file of process.argv.slice(2)) {
    console.log(`\n--- ${file}`);
    // bench/profile.mjs leaves the load's windows beside the profile: read again, it is cut the same way.
    const windows = join(dirname(file), 'windows.json');
    report(
      JSON.parse(readFileSync(file, 'utf8')),
      existsSync(windows) ? JSON.parse(readFileSync(windows, 'utf8')) : [],
    );
  }
