import type { ResolveUserV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { optionalText, requiredText } from '../../http/form-fields';
import type { RequestParams } from '../../merchant-auth/merchant-request';

/** Reads POST /v1/user/resolve's fields into the users-recurring command, with the spec's codes. */
export function toResolveUserCommand(projectId: number, params: RequestParams): ResolveUserV1 {
  const identifier = requiredText(params, 'identifier', ErrorCode.UserIdentifierMissing, 128);
  const ip = requiredText(params, 'ip', ErrorCode.UserIpMissing, 64);
  const phone = optionalText(params, 'phone', 20);
  if (phone !== undefined && !/^\d{4,20}$/.test(phone)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'phone: international format, digits only');
  }
  const locale = optionalText(params, 'locale', 2);
  if (locale !== undefined && !/^[a-z]{2}$/.test(locale)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'locale: ISO 639-1 code');
  }
  return {
    projectId,
    identifier,
    ip,
    displayName: optionalText(params, 'display_name', 255),
    email: optionalText(params, 'email', 255),
    phone,
    locale,
    ua: optionalText(params, 'ua', 255),
  };
}
