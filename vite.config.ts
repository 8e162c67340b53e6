import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';
import { apiCalls } from './scripts/api-calls-plugin.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * The production build runs the storefront on Preact's React-compatible layer instead of react-dom
 * (docs/decisions/0003-storefront-runtime.md): the code is written and type-checked against React;
 * `WEB_RUNTIME=react npm run build` builds it with React again. The dev server keeps React.
 */
const preactInPlaceOfReact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/**
 * The shell's stylesheet (styles.css with home's rules, a few kB) goes into index.html as a <style>: the
 * first paint waits for no stylesheet request. The screens' own stylesheets stay files, loaded with their
 * chunks. The file inlined is dropped from the build (nothing else names it).
 */
function inlineEntryStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'emporium:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          inlined.add(file);
          delete bundle[file];
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
    // Vite's manifest (.vite/manifest.json) must not name the file that is no longer there.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = bundle['.vite/manifest.json'];
        if (manifest?.type !== 'asset' || inlined.size === 0) return;
        const chunks = JSON.parse(String(manifest.source)) as Record<string, { css?: string[] }>;
        for (const chunk of Object.values(chunks)) {
          if (chunk.css) chunk.css = chunk.css.filter((file) => !inlined.has(file));
          if (chunk.css?.length === 0) delete chunk.css;
        }
        manifest.source = `${JSON.stringify(chunks, null, 2)}\n`;
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react(), inlineEntryStylesheet(), apiCalls()],
  resolve: {
    alias: command === 'build' && process.env.WEB_RUNTIME !== 'react' ? preactInPlaceOfReact : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // .vite/manifest.json: which chunks and CSS each route needs (scripts/size.mjs reads it; not served).
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-router uses React's useOptimistic when there is one and falls back by itself when there is
        // none (React 18, and Preact's compat layer here): "always undefined" is that fallback, not a fault.
        const expected = warning.code === 'IMPORT_IS_UNDEFINED' && /`useOptimistic`.*preact\/compat/.test(warning.message);
        if (!expected) warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/sitemap.xml': apiTarget,
      '/robots.txt': apiTarget,
      '/banners': apiTarget,
    },
  },
}));
