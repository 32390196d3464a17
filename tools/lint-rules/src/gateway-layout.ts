import { readdirSync } from 'node:fs';
import * as path from 'node:path';

/** Every file under `dir`, relative to it, with `/` separators. */
export function gatewayFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? gatewayFiles(dir, relative) : [relative];
  });
}

/**
 * Where a gateway file may sit (docs/architecture/gateway-modules.md, ADR 0031): in a layer folder
 * of its feature, `<feature>/{domain,application,infrastructure,interface}/...`, where the lint
 * config's layer rules check its imports; or, outside any layer, a feature's Nest module
 * (`<feature>/<name>.module.ts`, the wiring above the layers), the entry points and the root
 * module, and the service's config and database (migrations) as every app has them.
 */
const LAYERED = /^[a-z0-9-]+\/(domain|application|infrastructure|interface)\/.+\.ts$/;
const FEATURE_MODULE = /^[a-z0-9-]+\/[a-z0-9-]+\.module\.ts$/;
const ENTRY_POINTS = new Set([
  'main.ts',
  'migrate.ts',
  'openapi.ts',
  'openapi.spec.ts',
  'app.module.ts',
]);
const SERVICE_FOLDERS = /^(config|database)\//;
/** Test support (fixtures, fakes) lives under apps/api-gateway/test, never beside production code. */
const TEST_SUPPORT = /\.(fixture|fake|stub)\.ts$/;

export function outsideLayers(relativeFiles: string[]): string[] {
  return relativeFiles.filter(
    (file) =>
      TEST_SUPPORT.test(file) ||
      (!LAYERED.test(file) &&
        !FEATURE_MODULE.test(file) &&
        !ENTRY_POINTS.has(file) &&
        !SERVICE_FOLDERS.test(file)),
  );
}
