// apps/<app>/Dockerfile: one multi-stage image per app, six copies of one shape.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { APPS } from './apps';
import { dockerfileStage, stageCommand } from './dockerfile';
import { REPO_ROOT, readRepoFile } from './render';

const dockerfile = (app: string) => readRepoFile(`apps/${app}/Dockerfile`);

/** The Dockerfile with its app name and port blanked out: must be the same for every app. */
const shape = (app: (typeof APPS)[number]) =>
  dockerfile(app.name)
    .split(app.name)
    .join('<app>')
    .replace(new RegExp(`\\b${app.port}\\b`, 'g'), '<port>');

describe('apps/*/Dockerfile', () => {
  it('are one shape, differing only in app name and port', () => {
    const [first, ...rest] = APPS.map(shape);
    for (const other of rest) expect(other).toBe(first);
  });

  it.each(APPS)('$name: multi-stage node 20 build, production runtime stage', (app) => {
    const text = dockerfile(app.name);
    // A tag can be moved to other bytes; a digest cannot.
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    expect(text).toContain(`ARG APP=${app.name}\n`);
    expect(text).toContain(`ARG PORT=${app.port}\n`);
    // Exactly the locked versions: `npm ci` and nothing to fall back to (package-lock.spec.ts keeps the
    // lockfile acceptable to npm ci).
    expect(text).not.toMatch(/npm install/);
    expect(text).toMatch(
      /^FROM base AS builder$[\s\S]*^RUN [^\n]*npm ci\n[\s\S]*^RUN npm run build$/m,
    );
    expect(text).toMatch(
      /^FROM base AS prod-deps$[\s\S]*^RUN [^\n]*npm ci --omit=dev --ignore-scripts\n/m,
    );

    const runtime = dockerfileStage(text);
    expect(runtime[0]).toBe('FROM base AS runtime');
    const copies = runtime.filter((l) => l.startsWith('COPY'));
    expect(copies).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=builder /app/dist/libs ./dist/libs',
      // libs/signature runs the SDK's signing code (ADR 0003), compiled beside the libs.
      'COPY --from=builder /app/dist/packages ./dist/packages',
      'COPY --from=builder /app/dist/apps/${APP} ./dist/apps/${APP}',
    ]);
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('EXPOSE ${PORT}');
    expect(runtime.find((l) => l.startsWith('ENV '))).toMatch(/NODE_ENV=production/);
    const healthcheck = runtime.find((l) => l.startsWith('HEALTHCHECK')) ?? '';
    expect(healthcheck).toContain('/health/live');
    expect(healthcheck).toContain('fetch(');
    // Plain node on the compiled file: no preload, no runtime alias resolution (production-layout.int-spec.ts
    // starts this exact command).
    expect(stageCommand(text)).toEqual(['node', `dist/apps/${app.name}/src/main.js`]);
  });

  it.each(APPS)('$name: the tools target runs the stack CLI on production dependencies', (app) => {
    const tools = dockerfileStage(dockerfile(app.name), 'tools');
    expect(tools[0]).toBe('FROM base AS tools');
    expect(tools.filter((l) => l.startsWith('COPY'))).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=builder /app/dist/libs ./dist/libs',
      'COPY --from=builder /app/dist/packages ./dist/packages',
      'COPY --from=builder /app/dist/tools/stack ./dist/tools/stack',
    ]);
    expect(tools).toContain('USER node');
    expect(stageCommand(dockerfile(app.name), 'tools')).toEqual([
      'node',
      'dist/tools/stack/src/cli.js',
      'topics',
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
