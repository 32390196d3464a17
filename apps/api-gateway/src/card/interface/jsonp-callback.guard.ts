import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { readJsonpCallback } from './jsonp';

/**
 * ADR 0013: a `callback` that is not a plain identifier is 400 before anything else is looked at.
 */
@Injectable()
export class JsonpCallbackGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    readJsonpCallback(context.switchToHttp().getRequest<FastifyRequest>().query);
    return true;
  }
}
