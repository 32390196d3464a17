import { RecurringSubscribedV1Message, TransactionStatusChangedV1Message } from '@opp/contracts';
import { currencyExponent, formatAmount } from '@opp/money';
import type { PendingMessage } from '@opp/outbox';
import type { ProjectSettings } from '../../project/application/project-settings.store';
import { multiplyToDecimalText } from '../../shared/decimal-math';
import { callbackStatusOf, isCompletedPayment, type Transaction } from '../domain/transaction';

const ZERO_4 = '0.0000';

/**
 * Every status change, for the notifier (callbacks) and anyone else. Callback amounts: `amount`
 * is the virtual currency (price x virtualCurrencyRate, 2 decimals); `deposit` is the gross the
 * transaction brought in and `earned` the merchant's net of the fee, both only once the money
 * moved (completed payment); VAT is not computed (0).
 */
export function statusChangedMessage(t: Transaction, settings: ProjectSettings): PendingMessage {
  const exponent = currencyExponent(t.currency) ?? 2;
  const moved = isCompletedPayment(t);
  const four = (minor: bigint) => formatAmount(minor, t.currency, Math.max(4, exponent));
  return {
    definition: TransactionStatusChangedV1Message,
    key: String(t.id),
    payload: {
      transactionId: t.id,
      projectId: t.projectId,
      userId: t.user.id,
      orderId: t.orderId,
      referenceId: t.referenceId,
      type: t.type,
      status: t.status,
      callbackStatus: callbackStatusOf(t.status, t.type),
      reason: t.reason,
      amount: multiplyToDecimalText(t.priceMinor, exponent, settings.virtualCurrencyRate, 2),
      price: four(t.priceMinor),
      deposit: moved ? four(t.priceMinor) : ZERO_4,
      earned: moved ? four(t.priceMinor - t.feeMinor) : ZERO_4,
      vatRate: ZERO_4,
      vatAmount: ZERO_4,
      currency: t.currency,
      sandbox: settings.sandbox,
      attributes: t.attributes,
      changedAt: t.updatedAt.toISOString(),
    },
  };
}

export function recurringSubscribedMessage(
  t: Transaction,
  permanentTokenId: string,
): PendingMessage {
  const recurring = t.options.recurring;
  if (!recurring || !t.recurring) throw new Error(`transaction ${t.id} has no recurring request`);
  return {
    definition: RecurringSubscribedV1Message,
    key: `${t.projectId}:${t.user.id}`,
    payload: {
      projectId: t.projectId,
      userId: t.user.id,
      transactionId: t.id,
      interval: recurring.interval,
      trial: recurring.trial,
      price: recurring.price,
      currency: recurring.currency,
      permanentTokenId,
      frequency: t.recurring.frequency,
      endsAt: t.recurring.endsAt,
      subscribedAt: new Date().toISOString(),
    },
  };
}
