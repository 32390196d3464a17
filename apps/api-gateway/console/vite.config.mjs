// The operator console's build (ADR 0066): `npm run build` runs it after tsc, into
// dist/apps/api-gateway/console, which the gateway serves at /console/ on its admin listener.
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/console/',
  plugins: [preact()],
  logLevel: 'warn',
  build: {
    outDir: here('../../../dist/apps/api-gateway/console'),
    emptyOutDir: true,
    // Everything as files of the bundle: the CSP allows no data: URIs and no inline code.
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
    // No modulepreload polyfill: it is not needed by the Chromium, Firefox or Safari of today.
    modulePreload: { polyfill: false },
  },
});
