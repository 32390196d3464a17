import {
  applyDecorators,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type Type,
} from '@nestjs/common';
import { SignedRequestGuard } from '../../merchant-auth/interface/signed-request.guard';
import { ReplayGuardInterceptor } from './replay-guard.interceptor';

/**
 * A signed `/v1` route: `guard` verifies the signature (ADR 0003; SignedRequestGuard or one that
 * extends it), then the replay guard binds it to this one operation (ADR 0059). Every signed route
 * takes both, the guard first (guards run before interceptors).
 */
export const SignedRoute = (guard: Type<CanActivate> = SignedRequestGuard) =>
  applyDecorators(UseGuards(guard), UseInterceptors(ReplayGuardInterceptor));
