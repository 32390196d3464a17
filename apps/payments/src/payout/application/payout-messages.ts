import {
  PayoutFundsRefusedV1Message,
  PayoutFundsReservedV1Message,
  TransactionStatusChangedV1Message,
  type PayoutOutcome,
} from '@opp/contracts';
import { currencyExponent, formatAmount } from '@opp/money';
import type { PendingMessage } from '@opp/outbox';
import { multiplyToDecimalText } from '../../shared/decimal-math';
import type { ProjectSettings } from '../../project/application/project-settings.store';
import { PAYOUT_CALLBACK_STATUS, type PayoutState } from '../domain/payout';

const ZERO_4 = '0.0000';

/** The payout goes to the payouts service's rail (key: payout id), answering its flow if any. */
export function fundsReservedMessage(
  p: PayoutState,
  reservedAt: Date,
  flowId: string | undefined,
): PendingMessage {
  return {
    definition: PayoutFundsReservedV1Message,
    key: String(p.id),
    payload: {
      payoutId: p.id,
      projectId: p.projectId,
      typeKey: p.typeKey,
      amountMinor: p.amountMinor.toString(),
      currency: p.currency,
      accountDisplay: p.accountDisplay,
      reservedAt: reservedAt.toISOString(),
      ...(flowId !== undefined ? { flowId } : {}),
    },
  };
}

/** Payments refused a flow's reservation (key: flow id): nothing is reserved. */
export function fundsRefusedMessage(
  flowId: string,
  projectId: number,
  refusal: { code: number; message: string },
): PendingMessage {
  return {
    definition: PayoutFundsRefusedV1Message,
    key: flowId,
    payload: { flowId, projectId, code: refusal.code, message: refusal.message },
  };
}

/**
 * The payout's final status for the notifier: the merchant's callback (type `payout`, status
 * `payout_completed` / `payout_failed` / `payout_cancelled`). A payout has no end user (`user`
 * empty) and earns nothing (`deposit`, `earned` 0); `price` is the amount paid out.
 */
export function payoutSettledStatusMessage(
  p: PayoutState & { status: PayoutOutcome },
  settings: ProjectSettings,
): PendingMessage {
  const exponent = currencyExponent(p.currency) ?? 2;
  return {
    definition: TransactionStatusChangedV1Message,
    key: String(p.id),
    payload: {
      transactionId: p.id,
      projectId: p.projectId,
      userId: '',
      orderId: p.orderId,
      referenceId: null,
      type: 'payout',
      status: p.status,
      callbackStatus: PAYOUT_CALLBACK_STATUS[p.status],
      reason: p.reason,
      amount: multiplyToDecimalText(p.amountMinor, exponent, settings.virtualCurrencyRate, 2),
      price: formatAmount(p.amountMinor, p.currency, Math.max(4, exponent)),
      deposit: ZERO_4,
      earned: ZERO_4,
      vatRate: ZERO_4,
      vatAmount: ZERO_4,
      currency: p.currency,
      sandbox: settings.sandbox,
      attributes: {},
      changedAt: p.updatedAt.toISOString(),
    },
  };
}
