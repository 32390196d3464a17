// Dockerfile (repository root): every image from one multi-target file (ADR 0071).
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { APPS } from './apps';
import {
  dockerfileStage,
  imageInstructions,
  readDockerfile,
  stageCommand,
  stageNames,
  stageNpmCommands,
} from './dockerfile';
import { REPO_ROOT, readRepoFile } from './render';

const text = readDockerfile();

describe('Dockerfile', () => {
  it('is the only one: no app carries a copy of its own', () => {
    const copies = APPS.filter((app) =>
      existsSync(path.join(REPO_ROOT, 'apps', app.name, 'Dockerfile')),
    );
    expect(copies).toEqual([]);
    const roots = readdirSync(REPO_ROOT).filter((f) => /dockerfile/i.test(f));
    expect(roots).toEqual(['Dockerfile']);
  });

  it('builds on Node 22 LTS pinned by digest (ADR 0071)', () => {
    // A tag can be moved to other bytes; a digest cannot.
    expect(text).toMatch(/^ARG NODE_IMAGE=node:22(\.\d+)*-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    expect(dockerfileStage(text, 'base')[0]).toBe('FROM ${NODE_IMAGE} AS base');
  });

  it('installs exactly the lockfile and compiles the one native addon in the install stages', () => {
    // Exactly the locked versions: `npm ci` and nothing to fall back to (package-lock.spec.ts keeps the
    // lockfile acceptable to npm ci).
    expect(text).not.toMatch(/npm install/);
    expect(stageNpmCommands(text, 'builder')).toEqual([
      ['npm', 'ci'],
      ['npm', 'run', 'build'],
    ]);
    expect(stageNpmCommands(text, 'prod-deps')).toEqual([
      ['npm', 'ci', '--omit=dev', '--ignore-scripts'],
      // pkcs11js (KEK_PROVIDER=pkcs11, ADR 0063) is a native addon: built from its locked source.
      ['npm', 'rebuild', 'pkcs11js'],
    ]);
    // node-gyp's toolchain is in the install stages only, never in a shipped image.
    const tools = dockerfileStage(text, 'build-tools').join('\n');
    for (const pkg of ['python3', 'make', 'g++']) expect(tools).toContain(pkg);
    expect(dockerfileStage(text, 'builder')[0]).toBe('FROM build-tools AS builder');
    expect(dockerfileStage(text, 'prod-deps')[0]).toBe('FROM build-tools AS prod-deps');
    for (const shipped of ['tools', 'app']) {
      expect(dockerfileStage(text, shipped)[0]).toBe(`FROM base AS ${shipped}`);
    }
  });

  it('has a target per app and the tools target, nothing else shipped', () => {
    expect(stageNames(text)).toEqual([
      'base',
      'build-tools',
      'builder',
      'prod-deps',
      'tools',
      'app',
      ...APPS.map((app) => app.name),
    ]);
  });

  it.each(APPS)('$name: production runtime image of that app alone', (app) => {
    const own = dockerfileStage(text, app.name);
    expect(own[0]).toBe(`FROM app AS ${app.name}`);
    expect(own).toContain(`ENV APP=${app.name} APP_PORT=${app.port}`);
    expect(own).toContain(`EXPOSE ${app.port}`);

    const image = imageInstructions(text, app.name);
    expect(image.filter((l) => l.startsWith('COPY'))).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=builder /app/dist/libs ./dist/libs',
      // libs/signature runs the SDK's signing code (ADR 0003), compiled beside the libs.
      'COPY --from=builder /app/dist/packages ./dist/packages',
      `COPY --from=builder /app/dist/apps/${app.name} ./dist/apps/${app.name}`,
    ]);
    expect(image).toContain('USER node');
    expect(image).toContain('ENV NODE_ENV=production');
    const healthcheck = image.find((l) => l.startsWith('HEALTHCHECK')) ?? '';
    expect(healthcheck).toContain('/health/live');
    expect(healthcheck).toContain('fetch(');
    // Plain node on the compiled file: no preload, no runtime alias resolution (production-layout.int-spec.ts
    // starts this exact command).
    expect(stageCommand(text, app.name)).toEqual(['node', `dist/apps/${app.name}/src/main.js`]);
  });

  it('the tools target runs the stack CLI on production dependencies', () => {
    const tools = imageInstructions(text, 'tools');
    expect(tools.filter((l) => l.startsWith('COPY'))).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=builder /app/dist/libs ./dist/libs',
      'COPY --from=builder /app/dist/packages ./dist/packages',
      // The stack CLI's own library (tools/, not libs/: no service image carries it).
      'COPY --from=builder /app/dist/tools/local-stack ./dist/tools/local-stack',
      'COPY --from=builder /app/dist/tools/stack ./dist/tools/stack',
    ]);
    expect(tools).toContain('USER node');
    expect(stageCommand(text, 'tools')).toEqual(['node', 'dist/tools/stack/src/cli.js', 'topics']);
  });

  it('.dockerignore keeps dependencies, build output and local state out of the context', () => {
    expect(existsSync(path.join(REPO_ROOT, '.dockerignore'))).toBe(true);
    const ignored = readRepoFile('.dockerignore').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.local', '.git', 'coverage']),
    );
  });
});
