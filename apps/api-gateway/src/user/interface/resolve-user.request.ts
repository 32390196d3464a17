import { isIP } from 'node:net';
import type { ResolveUserV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { freeText, optionalText, requiredText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

// A practical shape check (ADR 0016): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Reads POST /v1/user/resolve's fields into the users-recurring command, with the spec's codes.
 * `ip` is required there (40011); POST /transaction/create makes it optional (`ipRequired` false).
 */
export function toResolveUserCommand(
  projectId: number,
  params: RequestParams,
  ipRequired = true,
): ResolveUserV1 {
  const identifier = requiredText(params, 'identifier', ErrorCode.UserIdentifierMissing, 128);
  const ip = ipRequired
    ? requiredText(params, 'ip', ErrorCode.UserIpMissing, 64)
    : optionalText(params, 'ip', 64);
  // ADR 0016: an IPv4 or IPv6 address, nothing else.
  if (ip !== undefined && isIP(ip) === 0) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'ip must be an IP address');
  }
  const phone = optionalText(params, 'phone', 20);
  if (phone !== undefined && !/^\d{4,20}$/.test(phone)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'phone: international format, digits only');
  }
  const email = freeText(params, 'email', 255);
  if (email !== undefined && !EMAIL.test(email)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'email must be an e-mail address');
  }
  const locale = optionalText(params, 'locale', 2);
  if (locale !== undefined && !/^[a-z]{2}$/.test(locale)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'locale: ISO 639-1 code');
  }
  return {
    projectId,
    identifier,
    ip,
    displayName: freeText(params, 'display_name', 255),
    email,
    phone,
    locale,
    ua: optionalText(params, 'ua', 255),
  };
}
