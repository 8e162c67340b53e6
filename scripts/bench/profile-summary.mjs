// Where a CPU profile (`node --cpu-prof`, or `npm run bench -- --profile folder`) spent its time: self time by
// function and by file (packages by name), and inclusive time by function.
// `node scripts/bench/profile-summary.mjs file.cpuprofile [functions] [inclusive]`
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const shortUrl = (url) => url.replace(/.*node_modules\//, 'nm/').replace(/.*\/dist\//, 'dist/');
const frameKey = ({ callFrame }) => `${callFrame.functionName || '(anon)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber}`;
const fileKey = ({ callFrame }) => shortUrl(callFrame.url).replace(/^nm\/((@[^/]+\/)?[^/]+).*/, 'nm/$1') || callFrame.functionName;
const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);

// Time per sampled node (microseconds).
const sampled = new Map();
let total = 0;
profile.samples.forEach((id, index) => {
  const time = profile.timeDeltas[index] ?? 0;
  add(sampled, id, time);
  total += time;
});

const selfByFunction = new Map();
const selfByFile = new Map();
const inclusive = new Map();
for (const [id, time] of sampled) {
  const node = nodes.get(id);
  add(selfByFunction, frameKey(node), time);
  add(selfByFile, fileKey(node), time);
  // Each function on the stack once (recursion counted once).
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) seen.add(frameKey(nodes.get(at)));
  for (const key of seen) add(inclusive, key, time);
}

const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.log('total ms', (total / 1000).toFixed(0));
console.log(`--- self by function\n${top(selfByFunction, Number(process.argv[3] ?? 35))}`);
console.log(`--- self by file\n${top(selfByFile, 25)}`);
console.log(`--- inclusive\n${top(inclusive, Number(process.argv[4] ?? 50))}`);
