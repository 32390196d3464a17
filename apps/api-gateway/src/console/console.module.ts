import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build` (vite) writes the console: dist/apps/api-gateway/console. */
export const CONSOLE_ASSETS = join(__dirname, '..', '..', 'console');

/**
 * No inline script or style and nothing from another origin (ADR 0066): everything the console
 * runs is a file of its own bundle, and it talks to this listener only.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function consoleHeaders(reply: FastifyReply, file: string): void {
  // Bundled files carry their content hash in their name; the page that names them never cached.
  const hashed = file.startsWith(join(CONSOLE_ASSETS, 'assets'));
  void reply.headers({
    'Content-Security-Policy': CONSOLE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-store',
  });
}

/**
 * The operator console (ADR 0066): static files at /console/ on the admin listener only (its
 * routes are internal, see http/interface/internal-listener.ts). The shell holds no data; every call it
 * makes to /admin/v1 carries the operator's token.
 */
@Module({})
export class ConsoleModule implements OnModuleInit {
  private readonly logger = new Logger(ConsoleModule.name);

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // The built bundle has an assets folder; the source folder beside src/ (when the gateway
    // runs from source) has none, and its index.html is not servable.
    if (!existsSync(join(CONSOLE_ASSETS, 'assets'))) {
      this.logger.warn({ msg: 'operator console not built; /console is not served' });
      return;
    }
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(fastifyStatic, {
      root: CONSOLE_ASSETS,
      // Without the slash, so `/console` itself is a route: it redirects to `/console/`.
      prefix: '/console',
      redirect: true,
      index: 'index.html',
      decorateReply: false,
      dotfiles: 'deny',
      etag: true,
      cacheControl: false,
      setHeaders: consoleHeaders,
    });
  }
}
