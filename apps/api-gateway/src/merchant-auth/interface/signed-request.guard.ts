import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { verifyParams } from '@opp/signature';
import { fieldText } from '../../http/interface/form-fields';
import { ProjectDirectory } from '../../project/application/project-directory';
import { verifyingKeys } from '../../project/domain/project';
import { requestParams, type MerchantRequest, type RequestParams } from './merchant-request';

/** ADR 0018: how far a signed `timestamp` may be from the gateway's clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;
/** ADR 0059: a `nonce` is signed like any value and otherwise ignored; at most this long. */
export const NONCE_MAX_LENGTH = 64;
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * ADR 0003: the merchant names its project by public key and signs every parameter value with the
 * project's private key. Checked in this order: project given (40001), signature given (40101),
 * project known (40401), a timestamp given for a project with `requireTimestamp` (ADR 0018) and
 * well formed wherever one is sent (40017), a `nonce` of at most 64 characters (40017, ADR 0059),
 * signature valid (40301, constant time, any length), then the timestamp fresh (40303) whatever
 * the project setting, so a leaked signature of a GET or a captured POST expires.
 */
@Injectable()
export class SignedRequestGuard implements CanActivate {
  constructor(private readonly directory: ProjectDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & MerchantRequest>();
    const params = requestParams(request);
    const publicKey = params['project'];
    if (typeof publicKey !== 'string' || publicKey === '') {
      throw ApiError.of(ErrorCode.ProjectPublicKeyMissing);
    }
    const signature = params['signature'];
    if (signature === undefined || signature === '') throw ApiError.of(ErrorCode.SignatureMissing);
    const project = await this.directory.byPublicKey(publicKey);
    if (!project) throw ApiError.of(ErrorCode.ProjectNotFound);
    const timestamp = readTimestamp(params['timestamp'], project.settings.requireTimestamp);
    checkNonce(params);
    const keys = verifyingKeys(project, new Date());
    const signed = this.signedParamSets(request, params);
    if (!signed.some((values) => verifyParams(values, signature, keys))) {
      throw ApiError.of(ErrorCode.SignatureInvalid);
    }
    if (timestamp !== null && !isFresh(timestamp, Date.now())) {
      throw ApiError.of(ErrorCode.AuthTokenExpired);
    }
    request.merchant = { project, params };
    return true;
  }

  /** The parameter sets a valid signature may cover; a route with path values may accept more. */
  protected signedParamSets(_request: FastifyRequest, params: RequestParams): RequestParams[] {
    return [params];
  }
}

/** ADR 0018: at most 300 seconds from the gateway's clock, either way (a merchant's clock may run ahead). */
export function isFresh(timestampSeconds: number, nowMs: number): boolean {
  return Math.abs(nowMs / 1000 - timestampSeconds) <= TIMESTAMP_TOLERANCE_SECONDS;
}

/**
 * A signed `timestamp` (ADR 0018): checked whenever it is sent, required when the project says so;
 * null when absent and not required.
 */
function readTimestamp(value: unknown, required: boolean): number | null {
  if (value === undefined && !required) return null;
  const seconds = unixSeconds(value);
  if (seconds === undefined) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      required ? 'timestamp is required (Unix seconds)' : 'timestamp must be Unix seconds',
    );
  }
  return seconds;
}

/** ADR 0059: one value of at most 64 characters, read as it was signed. */
function checkNonce(params: RequestParams): void {
  const text = fieldText(params, 'nonce');
  if (text !== undefined && text.length > NONCE_MAX_LENGTH) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      `nonce must be text of at most ${NONCE_MAX_LENGTH} characters`,
    );
  }
}

/** A signed `timestamp`: digits (a JSON integer renders as its digits, ADR 0003); undefined otherwise. */
function unixSeconds(value: unknown): number | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && UNIX_SECONDS.test(text) ? Number(text) : undefined;
}
