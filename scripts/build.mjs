// Build the server (TypeScript → dist/) and, once it exists, the web app (Vite → dist/web).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

rmSync('dist/server', { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
if (existsSync('vite.config.ts')) run('npx', ['vite', 'build']);
