import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, serverEnv, serverScript, spawnServer, waitReady } from '../setup/server-process.ts';
import { startSmtpServer } from '../setup/smtp.ts';
import { waitFor } from '../setup/wait-for.ts';


const children: ChildProcess[] = [];

/** The mails a server's log says failed a try and wait for the next. */
function failedMails(output: string): Set<number> {
  const ids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.includes('a mail could not be sent: will try again')) continue;
    const entry = JSON.parse(line) as { mailId: number };
    ids.add(entry.mailId);
  }
  return ids;
}

function start(env: NodeJS.ProcessEnv): ServerProcess {
  const server = spawnServer(env);
  children.push(server.child);
  return server;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

// Runs in the PGlite project only (vitest.config.ts): it starts its own processes on embedded databases.
describe('the server process', () => {
  it('refuses a bad environment with a message naming the variable', () => {
    const result = spawnSync(process.execPath, serverScript('server'), {
      env: serverEnv({ PORT: 'eighty', JWT_SECRET: 'short' }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid environment');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('bootstraps ADMIN_EMAIL, keeps data across restarts, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-process-'));
    const port = await freePort();
    const env = serverEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    });
    const first = start(env);
    await waitReady(`http://127.0.0.1:${port}`, first);
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }),
    });
    expect(login.status).toBe(200);
    const { token, user } = await login.json();
    expect(user.role).toBe(1);
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/category/create-category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ name: 'Lasting Things' }),
    });
    expect(created.status).toBe(201);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/category/get-category`);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('closing: finishing requests in flight');
    expect(first.output()).not.toContain(token);

    // Same folder, no admin variables: the data and the signing secret are still there.
    const second = start(serverEnv({ PORT: String(port), DATA_DIR: dataDir }));
    await waitReady(`http://127.0.0.1:${port}`, second);
    const categories = await (await fetch(`http://127.0.0.1:${port}/api/v1/category/get-category`)).json();
    expect(categories.category.map((c: { name: string }) => c.name)).toEqual(['Lasting Things']);
    const stillValid = await fetch(`http://127.0.0.1:${port}/api/v1/auth/admin-auth`, { headers: { authorization: token } });
    expect(stillValid.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // The documented promote command: a registered shopper becomes an administrator, and back.
    const third = start(serverEnv({ PORT: String(port), DATA_DIR: dataDir }));
    await waitReady(`http://127.0.0.1:${port}`, third);
    const register = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pat',
        email: 'pat@example.com',
        password: 'pat-password',
        phone: '1',
        address: 'Here',
        answer: 'golf',
      }),
    });
    expect(register.status).toBe(201);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const promote = spawnSync(process.execPath, [...serverScript('cli/promote-admin'), 'pat@example.com'], {
      env: serverEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(promote.stdout).toContain('pat@example.com is now an administrator.');
    expect(promote.status).toBe(0);
    const unknown = spawnSync(process.execPath, [...serverScript('cli/promote-admin'), 'nobody@example.com'], {
      env: serverEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No user with e-mail nobody@example.com');
  }, 180_000);

  it('backs up the running embedded shop from the command line and restores it into a new folder (the upgrade path)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-backup-'));
    const port = await freePort();
    const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' });
    const first = start(env);
    await waitReady(`http://127.0.0.1:${port}`, first);
    const api = `http://127.0.0.1:${port}/api/v1`;
    const login = async (base: string) =>
      fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }),
      });
    const { token } = await (await login(api)).json();
    const created = await fetch(`${api}/category/create-category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ name: 'Moved Shelf' }),
    });
    expect(created.status).toBe(201);

    // A second server on the same folder would damage the embedded database: it refuses to start.
    const other = start(serverEnv({ PORT: String(await freePort()), DATA_DIR: dataDir }));
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain('another Emporium server');

    // The backup command asks the running server (which keeps serving), as the README says.
    const file = join(mkdtempSync(join(tmpdir(), 'emporium-file-')), 'shop.jsonl.gz');
    const backup = spawnSync(process.execPath, [...serverScript('cli/backup'), file], { env: serverEnv({ DATA_DIR: dataDir }), encoding: 'utf8' });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`by the running server (pid ${first.child.pid})`);
    expect(backup.status).toBe(0);
    expect((await fetch(`${api}/category/get-category`)).status).toBe(200);
    // Restoring into the folder of the running shop is refused; into a new folder it works.
    const busy = spawnSync(process.execPath, [...serverScript('cli/restore'), file], { env: serverEnv({ DATA_DIR: dataDir }), encoding: 'utf8' });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('The shop is running on');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const newDir = mkdtempSync(join(tmpdir(), 'emporium-restored-'));
    const restore = spawnSync(process.execPath, [...serverScript('cli/restore'), file], { env: serverEnv({ DATA_DIR: newDir }), encoding: 'utf8' });
    expect(restore.stdout).toMatch(/Restored the backup of .* into the embedded database/);
    expect(restore.status).toBe(0);
    const again = spawnSync(process.execPath, [...serverScript('cli/restore'), file], { env: serverEnv({ DATA_DIR: newDir }), encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('The database is not empty');

    const second = start(serverEnv({ PORT: String(port), DATA_DIR: newDir }));
    await waitReady(`http://127.0.0.1:${port}`, second);
    const categories = await (await fetch(`${api}/category/get-category`)).json();
    expect(categories.category.map((c: { name: string }) => c.name)).toEqual(['Moved Shelf']);
    expect((await login(api)).status).toBe(200);
    // The old session works too: the signing secret moved with the shop.
    expect((await fetch(`${api}/auth/admin-auth`, { headers: { authorization: token } })).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('starts at once after the embedded shop was killed (kill -9), while the dead process lingers, or when its number is another program\'s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-killed-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The shop, started by a parent that never reaps it (it becomes `sleep`): killed, it stays a zombie.
    const parent = spawn('sh', ['-c', `"${process.execPath}" ${serverScript('server').join(' ')} & echo $!; exec sleep 600`], {
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(parent);
    let output = '';
    parent.stdout?.on('data', (chunk) => (output += chunk));
    parent.stderr?.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => parent.on('exit', resolve));
    await waitReady(base, { child: parent, output: () => output, exited });
    const pid = Number(output.split('\n')[0]);
    expect((await fetch(`${base}/api/v1/category/get-category`)).status).toBe(200);

    process.kill(pid, 'SIGKILL');
    const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    for (const started = Date.now(); state() !== 'Z'; ) {
      if (Date.now() - started > 10_000) throw new Error(`pid ${pid} did not become a zombie`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(() => process.kill(pid, 0)).not.toThrow(); // "alive" to a check of its number

    const second = start(serverEnv({ PORT: String(port), DATA_DIR: dataDir }));
    await waitReady(base, second);
    expect(second.output()).not.toContain('another Emporium server');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // A note left naming a live process that is not the shop (its number reused after a reboot): no matter.
    writeFileSync(join(dataDir, 'emporium-server.json'), JSON.stringify({ pid: parent.pid, holder: 'server', url: 'http://127.0.0.1:9', token: 'old' }));
    const third = start(serverEnv({ PORT: String(port), DATA_DIR: dataDir }));
    await waitReady(base, third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('sends the confirmation of an order committed before the process was killed, after a restart', async () => {
    const smtp = await startSmtpServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-crash-'));
    const port = await freePort();
    const closedPort = await freePort(); // nothing listens there: the first process cannot send
    try {
      const first = start(
        serverEnv({
          PORT: String(port),
          DATA_DIR: dataDir,
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'owner-password-1',
          SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
          // A long wait after each failed try: a slow first process must not use up a mail's tries (a
          // mail out of tries is failed, and a restart leaves it to the owner); the restart makes them due.
          MAIL_RETRY_SECONDS: '60',
        }),
      );
      await waitReady(`http://127.0.0.1:${port}`, first);
      const api = `http://127.0.0.1:${port}/api/v1`;
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${api}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          body: JSON.stringify(body),
        });
      const owner = await (await post('/auth/login', { email: 'owner@example.com', password: 'owner-password-1' })).json();
      const category = await (await post('/category/create-category', { name: 'Crash Shelf' }, owner.token)).json();
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'Crash Kettle', description: 'Survives.', price: '12', quantity: '3', category: category.category._id })) form.append(key, value);
      const product = await (await fetch(`${api}/product/create-product`, { method: 'POST', headers: { authorization: owner.token }, body: form })).json();
      expect((await post('/auth/register', { name: 'Cora Crash', email: 'cora@example.com', password: 'cora-password', phone: '1', address: '9 Crash Road', answer: 'Darts' })).status).toBe(201);
      const cora = await (await post('/auth/login', { email: 'cora@example.com', password: 'cora-password' })).json();
      const order = await post('/auth/orders', { cart: [{ _id: product.product._id }] }, cora.token);
      expect(order.status).toBe(201);
      const { _id: orderId } = (await order.json()).order;
      // The order is committed; its mails cannot go out. Once each has failed its first try (none is being
      // sent: a mail killed mid-send waits for its sender's lease), the process dies without a chance to clean up.
      await waitFor(() => failedMails(first.output()).size >= 3, { timeoutMs: 30_000, what: 'three mails tried once' });
      first.child.kill('SIGKILL');
      await first.exited;
      expect(smtp.received).toHaveLength(0);

      const second = start(serverEnv({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' }));
      await waitReady(`http://127.0.0.1:${port}`, second);
      // Everything written before the kill goes out now (a start makes waiting mails due at once): the
      // welcome, the owner's notice, the confirmation.
      const mails = await smtp.waitFor(3, 30_000);
      const confirmation = mails.find((mail) => mail.subject === `Your order #${orderId} at Emporium`);
      expect(confirmation?.to).toContain('cora@example.com');
      expect(confirmation?.text).toContain('1 × Crash Kettle');
      expect(confirmation?.text).toContain('9 Crash Road');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await smtp.close();
    }
  }, 180_000);
});
