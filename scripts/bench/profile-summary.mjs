// Where a CPU profile (`node --cpu-prof`, or `npm run bench -- --profile folder`) spent its time: self time by
// function and by file (packages by name), and inclusive time by function.
// `node scripts/bench/profile-summary.mjs file.cpuprofile [functions] [inclusive]`
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = p.timeDeltas; let total = 0;
const counts = new Map();
for (let i = 0; i < p.samples.length; i++) { counts.set(p.samples[i], (counts.get(p.samples[i]) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; }
// parent map
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const fnSelf = new Map(); const fileSelf = new Map(); const inclusive = new Map();
for (const [id, t] of counts) {
  const n = byId.get(id); const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/dist\//, 'dist/')}:${cf.lineNumber}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + t);
  const f = cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm/$1').replace(/.*\/dist\//, 'dist/') || cf.functionName;
  fileSelf.set(f, (fileSelf.get(f) ?? 0) + t);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const m = byId.get(cur); const k = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/dist\//, 'dist/')}:${m.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); inclusive.set(k, (inclusive.get(k) ?? 0) + t); } cur = parent.get(cur); }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log('total ms', (total / 1000).toFixed(0));
console.log('--- self by function\n' + top(fnSelf, Number(process.argv[3] ?? 35)));
console.log('--- self by file\n' + top(fileSelf, 25));
console.log('--- inclusive\n' + top(inclusive, Number(process.argv[4] ?? 50)));
