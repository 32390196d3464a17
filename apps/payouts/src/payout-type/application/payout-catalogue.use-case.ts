import { Injectable } from '@nestjs/common';
import type {
  CheckedPayoutV1,
  CheckPayoutV1,
  GetPayoutParametersV1,
  PayoutParameterControlV1,
  PayoutTypeV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import {
  checkPayoutParameters,
  parameterControls,
  PayoutRuleViolation,
  type PayoutAccount,
} from '../domain/payout-parameter-rules';
import { PAYOUT_TYPES, payoutTypeById, type PayoutType } from '../domain/payout-types';
import { Refusal } from '@opp/contracts';

/**
 * Payout types, the parameters a payout needs, and the check of an order against them (ADR 0011).
 * Pure reads of the rules: no state, so the gateway may cache the answers.
 */
@Injectable()
export class PayoutCatalogueUseCase {
  types(): PayoutTypeV1[] {
    return PAYOUT_TYPES.map(({ id, key, label }) => ({ id, key, label }));
  }

  parameters(query: GetPayoutParametersV1): PayoutParameterControlV1[] {
    const type = requireType(query.typeId);
    return refusingViolations(() =>
      parameterControls(type, accountOf('account', query.account), query.currency),
    );
  }

  check(order: CheckPayoutV1): CheckedPayoutV1 {
    const type = requireType(order.typeId);
    refusingViolations(() => {
      const controls = parameterControls(
        type,
        accountOf(order.accountKind, order.account),
        order.currency,
      );
      checkPayoutParameters(controls, order.parameters);
    });
    return { typeKey: type.key };
  }
}

function accountOf(kind: PayoutAccount['kind'], value: string): PayoutAccount {
  return { kind, value: value.trim() };
}

function requireType(id: number): PayoutType {
  const type = payoutTypeById(id);
  if (!type) throw new Refusal(ErrorCode.InvalidParameter, `type: unknown payout type ${id}`);
  return type;
}

const VIOLATION_CODES: Record<PayoutRuleViolation['kind'], ErrorCode> = {
  missing: ErrorCode.PayoutParameterMissing,
  invalid: ErrorCode.InvalidParameter,
  'card-invalid': ErrorCode.CardNumberInvalid,
};

function refusingViolations<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof PayoutRuleViolation)) throw error;
    throw new Refusal(VIOLATION_CODES[error.kind], error.message);
  }
}
