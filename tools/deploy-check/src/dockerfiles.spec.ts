// apps/<app>/Dockerfile: one multi-stage image per app, six copies of one shape.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { APPS } from './apps';
import { REPO_ROOT, readRepoFile } from './render';

const dockerfile = (app: string) => readRepoFile(`apps/${app}/Dockerfile`);

/** The Dockerfile with its app name and port blanked out: must be the same for every app. */
const shape = (app: (typeof APPS)[number]) =>
  dockerfile(app.name)
    .split(app.name)
    .join('<app>')
    .replace(new RegExp(`\\b${app.port}\\b`, 'g'), '<port>');

/** Instructions of the last (runtime) stage, continuation lines joined. */
function runtimeStage(text: string): string[] {
  const lines = text.replace(/\\\n\s*/g, '').split('\n');
  const from = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  return lines.slice(from[from.length - 1]).filter((l) => l.trim() && !l.startsWith('#'));
}

describe('apps/*/Dockerfile', () => {
  it('are one shape, differing only in app name and port', () => {
    const [first, ...rest] = APPS.map(shape);
    for (const other of rest) expect(other).toBe(first);
  });

  it.each(APPS)('$name: multi-stage node 20 build, production runtime stage', (app) => {
    const text = dockerfile(app.name);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20\.\d+-bookworm-slim$/m);
    expect(text).toContain(`ARG APP=${app.name}\n`);
    expect(text).toContain(`ARG PORT=${app.port}\n`);
    // npm ci, or npm install of the locked versions when npm refuses its own lockfile (npm/cli#8669).
    expect(text).toMatch(
      /^FROM base AS builder$[\s\S]*npm ci \|\| npm install[^\n]*\n[\s\S]*^RUN npm run build$/m,
    );
    expect(text).toMatch(
      /^FROM base AS prod-deps$[\s\S]*npm ci --omit=dev \|\| npm install --omit=dev/m,
    );
    expect(text).toMatch(/^FROM builder AS tools$/m);

    const runtime = runtimeStage(text);
    expect(runtime[0]).toBe('FROM base AS runtime');
    const copies = runtime.filter((l) => l.startsWith('COPY'));
    expect(copies).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=builder /app/dist/tools/runtime ./dist/tools/runtime',
      'COPY --from=builder /app/dist/libs ./dist/libs',
      'COPY --from=builder /app/dist/apps/${APP} ./dist/apps/${APP}',
    ]);
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('EXPOSE ${PORT}');
    expect(runtime.find((l) => l.startsWith('ENV '))).toMatch(/NODE_ENV=production/);
    const healthcheck = runtime.find((l) => l.startsWith('HEALTHCHECK')) ?? '';
    expect(healthcheck).toContain('/health/live');
    expect(healthcheck).toContain('fetch(');
    const cmd = runtime.find((l) => l.startsWith('CMD ')) ?? 'CMD null';
    expect(JSON.parse(cmd.slice(4))).toEqual([
      'node',
      '-r',
      'dist/tools/runtime/src/register-paths.js',
      `dist/apps/${app.name}/src/main.js`,
    ]);
  });

  it('.dockerignore keeps dependencies, build output and local state out of the context', () => {
    expect(existsSync(path.join(REPO_ROOT, '.dockerignore'))).toBe(true);
    const ignored = readRepoFile('.dockerignore').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.local', '.git', 'coverage']),
    );
  });
});
