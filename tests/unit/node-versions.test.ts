import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
const supported = pkg.engines.node;

/** npm installs a package with `os` / `cpu` only on a machine that matches them ("!win32" excludes one). */
const fits = (allowed: string[] | undefined, actual: string) =>
  !allowed || (allowed.some((entry) => !entry.startsWith('!')) ? allowed.includes(actual) : !allowed.includes(`!${actual}`));

describe('the supported Node.js versions', () => {
  it('are the same in package.json and in the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`\`${supported}\``);
  });

  it('include this machine’s Node.js', () => {
    expect(semver.satisfies(process.versions.node, supported)).toBe(true);
  });

  it('are all accepted by every package npm installs here, so `npm ci` prints no EBADENGINE warning', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .filter(([, entry]) => fits(entry.os, process.platform) && fits(entry.cpu, process.arch))
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.subset(supported, wanted) ? [`${path}@${entry.version}: node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
