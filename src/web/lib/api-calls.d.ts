/** Each call's method and path, from the table of calls at build time (scripts/api-calls-plugin.ts). */
declare module 'virtual:api-calls' {
  // An ambient module cannot import by a relative path: its types are named with import() instead.
  /* eslint-disable @typescript-eslint/consistent-type-imports */
  type CallName = import('../../contract/calls.ts').CallName;
  type Method = import('../../contract/call.ts').Method;
  /* eslint-enable @typescript-eslint/consistent-type-imports */
  const routes: { readonly [N in CallName]: readonly [Method, string] };
  export default routes;
}
