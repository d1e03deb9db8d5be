// Lighthouse on two builds of the player app side by side: one API serves the current build
// (player-web/dist, or NEW_DIST), another the reference build (the first argument), on one database;
// /login and /reserve are measured on each in turn, RUNS times (default 4), alternating which goes
// first. Scores on this shared 2-core machine drift from run to run; the pairs of one run compare.
//
//   git worktree add /tmp/kort-base <commit>
//   ln -s "$PWD/node_modules" /tmp/kort-base/ && ln -s "$PWD/player-web/node_modules" /tmp/kort-base/player-web/
//   (cd /tmp/kort-base/player-web && npx vite build)
//   npm run build && node bench/web-compare.mjs /tmp/kort-base/player-web/dist
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDatabase, root, startServer } from './lib.mjs';
import { lighthouseScores } from './web.mjs';

const builds = { reference: process.argv[2], current: process.env.NEW_DIST ?? join(root, 'player-web/dist') };
for (const [name, dist] of Object.entries(builds))
  if (!dist || !existsSync(join(dist, 'index.html')))
    throw new Error(`the ${name} build (index.html) is not at ${dist}`);
const runs = Number(process.env.RUNS ?? 4);

const database = await benchDatabase();
const servers = {};
try {
  for (const [name, dist] of Object.entries(builds))
    servers[name] = await startServer('services/api/dist/main.js', '/api/health/', {
      DATABASE_URL: database.url,
      REDIS_PREFIX: `kort-web-compare:${Date.now().toString(36)}:${name}:`,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LOG_LEVEL: 'warn',
      EDGE_AGENT_TOKEN: 'web-compare-'.padEnd(32, 'x'),
      PLAYER_WEB_DIR: resolve(dist),
    });
  const rows = [];
  for (let run = 0; run < runs; run += 1)
    for (const name of run % 2 ? ['current', 'reference'] : ['reference', 'current'])
      for (const page of await lighthouseScores(servers[name].base, database.url, 1))
        rows.push({
          run: run + 1,
          build: name,
          page: page.page,
          perf: page.performance,
          fcp: page.fcp_ms,
          lcp: page.lcp_ms,
          tbt: page.tbt_ms,
        });
  console.table(rows);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  for (const page of ['/login', '/reserve']) {
    const of = (build) => rows.filter((row) => row.build === build && row.page === page);
    console.log(
      `${page}: performance median ${median(of('current').map((row) => row.perf))} (current) vs ` +
        `${median(of('reference').map((row) => row.perf))} (reference); TBT ${median(of('current').map((row) => row.tbt))} ` +
        `vs ${median(of('reference').map((row) => row.tbt))} ms`,
    );
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
  await database.drop();
}
