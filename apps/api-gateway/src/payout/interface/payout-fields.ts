import type { PayoutAccountKind } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { isCardNumber, maskCardNumber } from '@opp/card-bins';
import { fieldText, freeText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

/**
 * The payout parameters of gateway-api.md that a payout request may carry, forwarded to payouts
 * as text. `remitterCardNumber` is left out: no rule asks for it, and a card number must not
 * travel in clear (docs/security/card-data.md).
 */
export const PAYOUT_PARAMETER_NAMES = [
  'firstName',
  'lastName',
  'birthDate',
  'birthPlace',
  'country',
  'countryOfCitizenship',
  'city',
  'address',
  'postalCode',
  'documentType',
  'documentIssuer',
  'documentSeries',
  'documentNumber',
  'documentIssuedAt',
  'documentValidUntil',
  'remitterCardToken',
  'remitterCardExpirationMonth',
  'remitterCardExpirationYear',
  'remitterPhone',
  'beneficiaryFirstName',
  'beneficiaryLastName',
  'beneficiaryLegalName',
  'beneficiaryDocumentType',
  'beneficiaryDocumentIssuer',
  'beneficiaryDocumentSeries',
  'beneficiaryDocumentNumber',
  'beneficiaryDocumentIssuedAt',
  'beneficiaryDocumentValidUntil',
  'cardExpirationDate',
  'description',
  'phone',
  'cardHolder',
  'fullName',
  'receiverBankBIC',
] as const;

/** `type`: the integer id of a payout type; anything else 400 40017. */
export function readPayoutTypeId(params: RequestParams): number {
  const text = fieldText(params, 'type')?.trim();
  if (text === undefined || text === '') {
    throw ApiError.of(ErrorCode.InvalidParameter, 'type is required');
  }
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'type must be the id of a payout type');
  }
  return Number(text);
}

export interface PayoutAccountInput {
  kind: PayoutAccountKind;
  /** What payouts may read: the BIN of a card number, nothing of a token, else the account. */
  forPayouts: string;
  /** What may be stored and shown: a card number masked, else the account. */
  display: string;
  /** The card number itself, to be sealed for payments; never forwarded otherwise. */
  cardNumber?: string;
  cardToken?: string;
}

/** `account` or (for cards) `cardToken`; neither: 400 40016 naming `account`. */
export function readPayoutAccount(params: RequestParams): PayoutAccountInput {
  const cardToken = optionalText(params, 'cardToken', 128);
  const account = optionalText(params, 'account', 64)?.replace(/\s+/g, '');
  if (account !== undefined) {
    if (cardToken !== undefined) {
      throw ApiError.of(ErrorCode.InvalidParameter, 'give either account or cardToken, not both');
    }
    if (isCardNumber(account)) {
      return {
        kind: 'card-number',
        forPayouts: account.slice(0, 6),
        display: maskCardNumber(account),
        cardNumber: account,
      };
    }
    return { kind: 'account', forPayouts: account, display: account };
  }
  if (cardToken !== undefined) {
    return { kind: 'card-token', forPayouts: '', display: '', cardToken };
  }
  throw ApiError.of(ErrorCode.PayoutParameterMissing, 'account is required');
}

/** The account of GET /payout-parameters: for a card only its BIN goes further. */
export function readParametersAccount(params: RequestParams): string {
  const account = optionalText(params, 'account', 64)?.replace(/\s+/g, '');
  if (account === undefined) throw ApiError.of(ErrorCode.InvalidParameter, 'account is required');
  return /^\d{13,19}$/.test(account) ? account.slice(0, 6) : account;
}

export function readPayoutParameters(params: RequestParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PAYOUT_PARAMETER_NAMES) {
    const value = freeText(params, name, 255);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
