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
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import type { MerchantRequest } from '../../merchant-auth/interface/merchant-request';
import { paramsFingerprint } from '../application/params-fingerprint';
import { ReplayGuard, type ReplayDecision } from '../application/replay-guard';
import { answerText, ReplayedAnswer } from '../../http/interface/replayed-answer';
import { requestTraceFacts, type RequestTraceFacts } from '../../trace/application/request-facts';

/** Set on an answer that replays an earlier one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

type Claimed = Extract<ReplayDecision, { kind: 'execute' }>;

/**
 * The replay guard (ADR 0003, ADR 0059) on every signed `/v1` route; runs after SignedRequestGuard
 * (guards run before interceptors), so only verified signatures are claimed. Every signature is
 * bound to its method, path and parameters; a GET is then answered afresh. On a POST, successful
 * answers and 4xx refusals are stored as the exact text sent and replayed byte for byte (ADR 0014);
 * a 5xx (timeout, broker down, unexpected error) stores nothing and gives the claim up without
 * forgetting it: an identical retry sends the command again under the same command key, and the
 * owning service answers the outcome it stored, never a second effect.
 */
@Injectable()
export class ReplayGuardInterceptor implements NestInterceptor {
  constructor(
    private readonly guard: ReplayGuard,
    private readonly reflector: Reflector,
    @Inject(KeyRing) private readonly ring: KeyRing,
    private readonly config: GatewayConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & MerchantRequest>();
    const merchant = request.merchant;
    if (!merchant) throw new Error('ReplayGuardInterceptor needs SignedRequestGuard first');
    const startedAt = Date.now();
    const path = request.url.split('?')[0];
    const key = { projectId: merchant.project.id, signature: String(merchant.params['signature']) };
    const decision = await this.guard.decide(
      key,
      paramsFingerprint(
        request.method,
        path,
        withoutPathRepeats(merchant.params, request.params),
        this.ring,
      ),
      request.method === 'GET' ? 'fresh' : 'replay',
    );
    if (decision.kind === 'fresh') return next.handle();
    if (decision.kind === 'replay') {
      void http.getResponse<FastifyReply>().header(REPLAYED_HEADER, 'true');
      void this.guard.noteReplay(key);
      throw new ReplayedAnswer(decision.answer);
    }
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      Number(HttpStatus.CREATED);
    // What the money trace keeps of the request (ADR 0066), unless TRACE_RECORDING=off.
    const trace = (answer: unknown) =>
      this.config.traceRecording === 'off'
        ? undefined
        : requestTraceFacts({
            method: request.method,
            path,
            params: merchant.params,
            answer,
            startedAt,
            correlationId: currentCorrelationId(),
          });
    return next.handle().pipe(
      mergeMap((body: unknown) =>
        from(
          this.guard
            .complete(decision, { status, body: answerText(body), trace: trace(body) })
            .then(() => body),
        ),
      ),
      catchError((error: unknown) => from(this.settleFailure(decision, error, trace))),
    );
  }

  private async settleFailure(
    decision: Claimed,
    error: unknown,
    trace: (answer: unknown) => RequestTraceFacts | undefined,
  ): Promise<never> {
    if (error instanceof ApiError && error.status < 500) {
      await this.guard.complete(decision, {
        status: error.status,
        body: answerText(toErrorEnvelope(error)),
        trace: trace(null),
      });
    } else {
      await this.guard.giveUp(decision);
    }
    throw error;
  }
}

/**
 * The parameters without those that repeat a path value of the same name: the path is part of the
 * fingerprint already, and SDKs repeat the path id of `GET /transactions/{id}` as the query `id`
 * (ADR 0003), so the two forms of that call are one operation with one set of parameters.
 */
function withoutPathRepeats(
  params: Record<string, unknown>,
  pathParams: unknown,
): Record<string, unknown> {
  if (typeof pathParams !== 'object' || pathParams === null) return params;
  const path = pathParams as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(params).filter(
      ([name, value]) => !(name in path && typeof value === 'string' && value === path[name]),
    ),
  );
}
