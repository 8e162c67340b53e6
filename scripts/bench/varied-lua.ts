// The varied workloads (workloads.ts) as wrk scripts, for measuring by hand against a running shop:
//   DATABASE_URL=postgres://…/emporium_prof npx tsx scripts/bench/varied-lua.ts [folder, default /tmp/varied]
//   wrk -t1 -c50 -d8s --latency -s /tmp/varied/4.lua http://127.0.0.1:PORT
// One file per workload (its number and name are printed), each picking one of its requests at random. The
// requests are made in wrk's init(): made before it, they would lack the Host header (the shop answers 400).
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { variedWorkloads } from './workloads.ts';

const folder = process.argv[2] ?? '/tmp/varied';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const categories = (await pool.query<{ id: number }>('select id from categories order by id')).rows.map((row) => String(row.id));
const size = (await pool.query<{ count: number }>('select count(*)::int as count from products where not draft')).rows[0]?.count ?? 0;
await pool.end();
mkdirSync(folder, { recursive: true });
variedWorkloads(size, categories, []).forEach((workload, number) => {
  if (workload.requests.length === 0) return;
  const requests = workload.requests.map((request) => {
    const post = request.body !== undefined;
    return `wrk.format(${post ? '"POST"' : 'nil'}, ${JSON.stringify(`/api/v1${request.path}`)}, ${post ? '{["content-type"] = "application/json"}' : 'nil'}, ${post ? JSON.stringify(request.body) : 'nil'})`;
  });
  writeFileSync(
    `${folder}/${number}.lua`,
    `local requests\ninit = function()\n  requests = {\n${requests.join(',\n')}\n  }\nend\nrequest = function() return requests[math.random(1, #requests)] end\n`,
  );
  console.log(`${folder}/${number}.lua: ${workload.name} (${workload.requests.length} distinct)`);
});
