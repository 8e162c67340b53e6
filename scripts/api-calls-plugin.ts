import type { Plugin } from 'vite';
import { callList } from '../src/contract/calls.ts';

const ID = 'virtual:api-calls';

/**
 * `virtual:api-calls`: each call's method and path, taken from the table of calls (src/contract/calls.ts)
 * when the web app is built. The web client names calls and reads their paths from here, so the browser
 * never loads the table's zod schemas (the storefront's first load has no validation library in it).
 */
export function apiCalls(): Plugin {
  return {
    name: 'emporium:api-calls',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const routes = Object.fromEntries(callList.map(([name, call]) => [name, [call.method, call.path]]));
      return `export default ${JSON.stringify(routes)};\n`;
    },
  };
}
