// The varied workloads (workloads.ts) as wrk scripts, for measuring by hand against a running shop:
//   DATABASE_URL=postgres://…/emporium_prof npx tsx scripts/bench/varied-lua.ts [folder, default /tmp/varied]
//   wrk -t1 -c50 -d8s --latency -s /tmp/varied/4.lua http://127.0.0.1:PORT
// One file per workload (its number and name are printed), written as the bench writes its scripts
// (workloads.ts, requestsLua).
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { requestsLua, variedWorkloads } from './workloads.ts';

const folder = process.argv[2] ?? '/tmp/varied';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const categories = (await pool.query<{ id: number }>('select id from categories order by id')).rows.map((row) => String(row.id));
const size = (await pool.query<{ count: number }>('select count(*)::int as count from products where not draft')).rows[0]?.count ?? 0;
await pool.end();
mkdirSync(folder, { recursive: true });
variedWorkloads(size, categories, []).forEach((workload, number) => {
  if (workload.requests.length === 0) return;
  writeFileSync(`${folder}/${number}.lua`, `${requestsLua('/api/v1', workload.requests).join('\n')}\n`);
  console.log(`${folder}/${number}.lua: ${workload.name} (${workload.requests.length} distinct)`);
});
