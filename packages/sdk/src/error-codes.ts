/**
 * Error codes of the Card Payment Gateway API (gateway-api.md, Errors) plus the ones the ADRs
 * (docs/decisions) and the platform add. The first three digits of a code are its HTTP status.
 *
 * The one source of the catalogue: the SDK ships it, and the services import it from here
 * (`@opp/sdk/error-codes`, as libs/errors re-exports it), so the two cannot differ.
 */
export const ErrorCode = {
  ProjectPublicKeyMissing: 40001,
  UserIdentifierMissing: 40002,
  CardNumberMissing: 40003,
  CardNumberInvalid: 40004,
  ExpiryInvalid: 40005,
  CardSecurityCodeMissing: 40006,
  CardSecurityCodeInvalid: 40007,
  CardTokenMissing: 40008,
  CardDataMissing: 40009,
  UserEmailMissing: 40010,
  UserIpMissing: 40011,
  CardExpirationMonthMissing: 40012,
  CardExpirationYearMissing: 40013,
  MerchantDataMissing: 40014,
  CardholderInvalid: 40015,
  PayoutParameterMissing: 40016,
  InvalidParameter: 40017,
  AmountInvalidForCurrency: 40018,
  SignatureMissing: 40101,
  AuthTokenMissing: 40102,
  // Platform addition: the admin API's bearer token was given but is wrong (ADR 0002 asks for 401).
  AuthTokenRejected: 40103,
  SignatureInvalid: 40301,
  AuthTokenInvalid: 40302,
  AuthTokenExpired: 40303,
  CardTokenExpired: 40304,
  CardTokenAlreadyUsed: 40305,
  PlatformAuthTokenInvalid: 40306,
  // The spec gives 40307 the same wording as 40306 and does not show what tells them apart.
  PlatformAuthTokenInvalidAlt: 40307,
  UserBlocked: 40308,
  CardBlocked: 40309,
  RecurringDisabled: 40310,
  RecurringExpired: 40311,
  CardRememberingDisabled: 40312,
  InsufficientBalance: 40313,
  // Platform addition: an admin operator token of read scope asked to change something (ADR 0061).
  AdminScopeInsufficient: 40320,
  // Platform addition: a sandbox-only operation (the sandbox clock, ADR 0069) on a live project.
  SandboxOnly: 40321,
  ProjectNotFound: 40401,
  CardTokenInvalid: 40402,
  TransactionNotFound: 40403,
  PlatformNotFound: 40404,
  ReferenceRecurrentTransactionNotFound: 40405,
  UserNotFound: 40406,
  PlatformUserNotFound: 40407,
  // Platform addition: an admin API resource (partner, template, delivery) does not exist.
  ResourceNotFound: 40408,
  TransactionAlreadyCompleted: 40501,
  RecurringTooFrequent: 40502,
  RecurrentTransactionNotCreated: 40503,
  TransactionNotReversible: 40504,
  // ADR 0016: refusals of oversized requests, in the envelope like every other.
  PayloadTooLarge: 41301,
  UriTooLong: 41401,
  GatewayMisconfigured: 42201,
  TooManyRequests: 42901,
  HeadersTooLarge: 43101,
  CardTokenizationError: 50001,
  ServiceUnavailable: 50301,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
