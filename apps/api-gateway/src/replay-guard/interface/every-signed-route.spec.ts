import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { SignedRequestGuard } from '../../merchant-auth/interface/signed-request.guard';
import { ReplayGuardInterceptor } from './replay-guard.interceptor';

const SOURCE_ROOT = join(__dirname, '../..');

function controllerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return controllerFiles(path);
    return name.endsWith('.controller.ts') ? [path] : [];
  });
}

type Handler = (...args: unknown[]) => unknown;

interface Route {
  name: string;
  guards: unknown[];
  interceptors: unknown[];
}

/** Every route handler of every controller class, with its guards and interceptors. */
async function routes(): Promise<Route[]> {
  const modules = await Promise.all(
    controllerFiles(SOURCE_ROOT).map(
      async (file) => (await import(file)) as Record<string, unknown>,
    ),
  );
  return modules.flatMap((exported) =>
    Object.values(exported)
      .filter((value): value is { name: string; prototype: object } => typeof value === 'function')
      .flatMap((controller) =>
        Object.getOwnPropertyNames(controller.prototype)
          .map((method) => ({
            method,
            handler: (controller.prototype as Record<string, Handler>)[method],
          }))
          .filter(({ handler }) => Reflect.getMetadata(METHOD_METADATA, handler) !== undefined)
          .map(({ method, handler }) => ({
            name: `${controller.name}.${method}`,
            guards: [
              ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
              ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
            ],
            interceptors: [
              ...((Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[]) ?? []),
              ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? []),
            ],
          })),
      ),
  );
}

const isSignedGuard = (guard: unknown): boolean =>
  typeof guard === 'function' &&
  (guard === SignedRequestGuard || guard.prototype instanceof SignedRequestGuard);

describe('every signed /v1 route passes the replay guard (ADR 0059)', () => {
  let signed: Route[];

  beforeAll(async () => {
    signed = (await routes()).filter((route) => route.guards.some(isSignedGuard));
  });

  it('finds the signed routes, reads and writes', () => {
    const names = signed.map((route) => route.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'TransactionHttpController.status',
        'TransactionHttpController.one',
        'TransactionHttpController.list',
        'BalanceHttpController.balance',
        'CardHttpController.process',
        'TransactionReverseHttpController.reverse',
      ]),
    );
  });

  it('binds the signature of each one to its operation', () => {
    const unguarded = signed
      .filter((route) => !route.interceptors.includes(ReplayGuardInterceptor))
      .map((route) => route.name);
    expect(unguarded).toEqual([]);
  });
});
