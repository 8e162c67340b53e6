// Concurrent shoppers (`npm run bench -- --shoppers 50`): issue 19's goal is "p99 under 25 ms at 50
// concurrent shoppers". A shopper is a person: they read a page, then click. wrk's connections send their
// next request the moment an answer arrives (a closed loop without pauses: 50 connections are the load of
// thousands of shoppers, and their latency is only the queue of a saturated machine). Here each virtual
// shopper walks the checkout journey, one request at a time, with a think time between clicks (uniformly
// 0.5-1.5 × `--think`, default 1,000 ms: a hurried shopper, a click a second); the shoppers start spread over
// the first think time. Every answer's latency is kept (from the request sent to the body read), per call.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { BenchRequest } from './workloads.ts';

export interface JourneyStep {
  /** The call's name in the table. */
  call: string;
  request: BenchRequest;
}

/** One journey a virtual user walks: its steps in order. `journey(n)` answers the n-th journey of user `user`. */
export type Journey = (user: number, n: number) => JourneyStep[];

export interface JourneyResult {
  call: string;
  latencies: number[];
  errors: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One bench request sent as wrk sends it (GET without a body, POST with one, unless it names its method). */
export function fetchRequest(api: string, request: BenchRequest): Promise<Response> {
  return fetch(`${api}${request.path}`, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

async function send(api: string, request: BenchRequest): Promise<boolean> {
  const res = await fetchRequest(api, request);
  await res.arrayBuffer();
  return res.ok;
}

/** `users` virtual users walk `journey` for `seconds`, `thinkMs` (±50 %) between clicks; the latencies per call. */
export async function walkJourneys(api: string, journey: Journey, options: { users: number; seconds: number; thinkMs: number }): Promise<JourneyResult[]> {
  const results = new Map<string, JourneyResult>();
  const until = performance.now() + options.seconds * 1000;
  const think = () => options.thinkMs * (0.5 + Math.random());
  // BENCH_TRACE=file: every answer's start (s), call and latency (ms), one per line, to see when the slow ones come.
  const trace = process.env.BENCH_TRACE ? { file: process.env.BENCH_TRACE, lines: [] as string[] } : null;
  const user = async (index: number) => {
    await sleep(Math.random() * options.thinkMs);
    for (let n = 0; performance.now() < until; n++) {
      for (const step of journey(index, n)) {
        if (performance.now() >= until) return;
        const started = performance.now();
        const ok = await send(api, step.request).catch(() => false);
        const result = results.get(step.call) ?? { call: step.call, latencies: [], errors: 0 };
        result.latencies.push(performance.now() - started);
        if (trace) trace.lines.push(`${((performance.timeOrigin + started) / 1000).toFixed(3)}\t${step.call}\t${(performance.now() - started).toFixed(2)}`);
        if (!ok) result.errors += 1;
        results.set(step.call, result);
        await sleep(think());
      }
    }
  };
  await Promise.all(Array.from({ length: options.users }, (_, index) => user(index)));
  if (trace) writeFileSync(trace.file, `${trace.lines.join('\n')}\n`);
  return [...results.values()];
}

/** The q-quantile (0-1) of some latencies, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}
