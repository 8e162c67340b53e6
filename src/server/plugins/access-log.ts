import type { FastifyInstance } from 'fastify';
import type { AnswerCache } from './answer-cache.ts';

/** Probes and static files are not logged when they succeed. */
const QUIET_PATHS = /^\/(healthz|readyz|assets\/|favicon)/;
const STATS_EVERY_MS = 60_000;

/**
 * One line per request when it is done (method, URL, status, time), except for answers served from the
 * catalogue cache and successful probes or static files: those are counted, and the counts are logged
 * once a minute when there were any. Failures are always logged.
 */
export function registerAccessLog(app: FastifyInstance, answers: AnswerCache): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status < 400 && (request.answerServed || QUIET_PATHS.test(request.url))) return done();
    request.log[status >= 500 ? 'error' : 'info'](
      { reqId: request.id, req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });

  let last = { hits: 0, misses: 0 };
  const timer = setInterval(() => {
    const hits = answers.hits - last.hits;
    const misses = answers.misses - last.misses;
    last = { hits: answers.hits, misses: answers.misses };
    if (hits + misses > 0) app.log.info({ cacheHits: hits, cacheMisses: misses, cached: answers.size }, 'catalogue answers in the last minute');
  }, STATS_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
