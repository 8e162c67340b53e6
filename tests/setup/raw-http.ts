import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';

/** An answer as it came over the socket. */
export interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a real socket to 127.0.0.1, with exactly the headers given (Fastify's inject and fetch
 * add their own) and the body sent as it is: what the pre-router and the answer cache's tests ask.
 */
export const sendRaw = (port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Sent> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
