import {
  HttpStatus,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { KeyRing } from '@opp/crypto';
import { ApiError, toErrorEnvelope } from '@opp/errors';
import type { MerchantRequest } from '../merchant-auth/merchant-request';
import { paramsFingerprint } from './params-fingerprint';
import { ReplayGuard } from './replay-guard';
import { answerText, ReplayedAnswer } from '../http/replayed-answer';

/** Set on an answer that replays an earlier one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The replay guard (ADR 0003) on a signed POST route; runs after SignedRequestGuard (guards run
 * before interceptors), so only verified signatures are claimed. Successful answers and 4xx
 * refusals are stored as the exact text sent and replayed byte for byte (ADR 0014); 5xx answers
 * (and unexpected errors) release the claim so a retry executes and answers the real outcome:
 * the services' idempotency keys make that retry find the first attempt's charge, not make one.
 */
@Injectable()
export class ReplayGuardInterceptor implements NestInterceptor {
  constructor(
    private readonly guard: ReplayGuard,
    private readonly reflector: Reflector,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & MerchantRequest>();
    const merchant = request.merchant;
    if (!merchant) throw new Error('ReplayGuardInterceptor needs SignedRequestGuard first');
    const path = request.url.split('?')[0];
    const decision = await this.guard.decide(
      { projectId: merchant.project.id, signature: String(merchant.params['signature']) },
      paramsFingerprint(request.method, path, merchant.params, this.ring),
    );
    if (decision.kind === 'replay') {
      void http.getResponse<FastifyReply>().header(REPLAYED_HEADER, 'true');
      throw new ReplayedAnswer(decision.answer);
    }
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      Number(HttpStatus.CREATED);
    return next.handle().pipe(
      mergeMap((body: unknown) =>
        from(this.guard.complete(decision, { status, body: answerText(body) }).then(() => body)),
      ),
      catchError((error: unknown) => from(this.settleFailure(decision, error))),
    );
  }

  private async settleFailure(
    decision: Parameters<ReplayGuard['complete']>[0],
    error: unknown,
  ): Promise<never> {
    if (error instanceof ApiError && error.status < 500) {
      await this.guard.complete(decision, {
        status: error.status,
        body: answerText(toErrorEnvelope(error)),
      });
    } else {
      await this.guard.release(decision);
    }
    throw error;
  }
}
