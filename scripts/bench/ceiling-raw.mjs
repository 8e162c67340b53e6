// The raw ceiling of the measurements: a plain node:http server writing a kept buffer (CEILING_BODY, base64)
// to every request, on PORT. What the pre-router's cached answers are measured against.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

// The body: CEILING_BODY_FILE's bytes (a large answer does not fit in the environment), or CEILING_BODY.
const body = process.env.CEILING_BODY_FILE ? readFileSync(process.env.CEILING_BODY_FILE) : Buffer.from(process.env.CEILING_BODY ?? 'e30=', 'base64');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
createServer((request, response) => {
  request.resume();
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
