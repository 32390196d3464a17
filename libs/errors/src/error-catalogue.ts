import { ErrorCode, httpStatusOf } from './error-code';

export interface CatalogueEntry {
  readonly status: number;
  readonly message: string;
}

const messages: Record<ErrorCode, string> = {
  [ErrorCode.ProjectPublicKeyMissing]: 'Project public key missing',
  [ErrorCode.UserIdentifierMissing]: 'User identifier missing',
  [ErrorCode.CardNumberMissing]: 'Card number missing',
  [ErrorCode.CardNumberInvalid]: 'Card number invalid',
  [ErrorCode.ExpiryInvalid]: 'Expiry invalid',
  [ErrorCode.CardSecurityCodeMissing]: 'Card security code missing',
  [ErrorCode.CardSecurityCodeInvalid]: 'Card security code invalid',
  [ErrorCode.CardTokenMissing]: 'Card token missing',
  [ErrorCode.CardDataMissing]: 'Card data missing',
  [ErrorCode.UserEmailMissing]: 'User email missing',
  [ErrorCode.UserIpMissing]: 'User IP address missing',
  [ErrorCode.CardExpirationMonthMissing]: 'Card expiration month missing',
  [ErrorCode.CardExpirationYearMissing]: 'Card expiration year missing',
  [ErrorCode.MerchantDataMissing]: 'Merchant data missing',
  [ErrorCode.CardholderInvalid]: 'Cardholder invalid; more than 21 characters',
  [ErrorCode.PayoutParameterMissing]: 'Payout parameter missing',
  [ErrorCode.InvalidParameter]: 'Invalid parameter',
  [ErrorCode.AmountInvalidForCurrency]: 'Amount invalid for currency',
  [ErrorCode.SignatureMissing]: 'Signature missing',
  [ErrorCode.AuthTokenMissing]: 'Authentication token missing',
  [ErrorCode.AuthTokenRejected]: 'Authentication token rejected',
  [ErrorCode.SignatureInvalid]: 'Signature invalid',
  [ErrorCode.AuthTokenInvalid]: 'Authentication token invalid',
  [ErrorCode.AuthTokenExpired]: 'Authentication token expired',
  [ErrorCode.CardTokenExpired]: 'Card token expired',
  [ErrorCode.CardTokenAlreadyUsed]: 'Card token already used',
  [ErrorCode.PlatformAuthTokenInvalid]: 'Platform authentication token invalid',
  [ErrorCode.PlatformAuthTokenInvalidAlt]: 'Platform authentication token invalid',
  [ErrorCode.UserBlocked]: 'User blocked',
  [ErrorCode.CardBlocked]: 'Card blocked',
  [ErrorCode.RecurringDisabled]: 'Recurring disabled for the user',
  [ErrorCode.RecurringExpired]: 'Recurring expired for the user',
  [ErrorCode.CardRememberingDisabled]: 'Card remembering disabled for the project',
  [ErrorCode.InsufficientBalance]: 'Insufficient balance',
  [ErrorCode.AdminScopeInsufficient]: 'Operator token lacks the write scope',
  [ErrorCode.SandboxOnly]: 'Only a sandbox project can do this',
  [ErrorCode.ProjectNotFound]: 'Project missing',
  [ErrorCode.CardTokenInvalid]: 'Card token invalid',
  [ErrorCode.TransactionNotFound]: 'Transaction does not exist',
  [ErrorCode.PlatformNotFound]: 'Platform missing',
  [ErrorCode.ReferenceRecurrentTransactionNotFound]: 'Reference recurrent transaction missing',
  [ErrorCode.UserNotFound]: 'User missing',
  [ErrorCode.PlatformUserNotFound]: 'Platform user missing',
  [ErrorCode.ResourceNotFound]: 'Resource not found',
  [ErrorCode.TransactionAlreadyCompleted]: 'Transaction already completed',
  [ErrorCode.RecurringTooFrequent]: 'Recurring payments too frequent for the user',
  [ErrorCode.RecurrentTransactionNotCreated]: 'Unable to create a recurrent transaction',
  [ErrorCode.TransactionNotReversible]: 'Transaction cannot be reversed',
  [ErrorCode.GatewayMisconfigured]: 'Gateway not properly configured',
  [ErrorCode.TooManyRequests]: 'Too many requests',
  [ErrorCode.PayloadTooLarge]: 'Request body too large',
  [ErrorCode.UriTooLong]: 'Request URL too long',
  [ErrorCode.HeadersTooLarge]: 'Request headers too large',
  [ErrorCode.CardTokenizationError]: 'Card tokenization error',
  [ErrorCode.ServiceUnavailable]: 'Service temporarily unavailable, retry later',
};

/** Code -> HTTP status and client-facing message; the status is derived so the two cannot disagree. */
export const errorCatalogue: Readonly<Record<ErrorCode, CatalogueEntry>> = Object.freeze(
  Object.fromEntries(
    Object.entries(messages).map(([code, message]) => [
      code,
      Object.freeze({ status: httpStatusOf(Number(code)), message }),
    ]),
  ) as Record<ErrorCode, CatalogueEntry>,
);
