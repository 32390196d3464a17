import type { AppName } from '@opp/local-stack';

export interface Participants {
  /** The services that publish the message (for a request: the requester). */
  readonly senders: readonly AppName[];
  /** The services that consume it (for a request: the one that answers). */
  readonly receivers: readonly AppName[];
}

const between = (senders: AppName[], receivers: AppName[]): Participants => ({
  senders,
  receivers,
});
const TASK_OWNERS: AppName[] = ['payments', 'users-recurring', 'notifier', 'payouts'];
const SNAPSHOT_READERS: AppName[] = ['payments', 'payouts', 'processing-orchestrator'];

/**
 * Who sends and who receives each message type. The receiving side is checked against the
 * handlers each service binds (asyncapi.spec.ts); the sending side is reviewed here, because
 * services publish through the outbox and helpers that a scan cannot follow reliably.
 */
export const PARTICIPANTS: Readonly<Record<string, Participants>> = {
  'gateway.project-snapshot.v1': between(['api-gateway'], SNAPSHOT_READERS),
  'gateway.partner-snapshot.v1': between(['api-gateway'], SNAPSHOT_READERS),
  // Secrets only to the service that signs with them (ADR 0063).
  'gateway.project-signing-snapshot.v1': between(['api-gateway'], ['notifier']),
  'gateway.partner-signing-snapshot.v1': between(['api-gateway'], ['notifier']),
  // The sandbox clocks, to the services whose work runs on time (ADR 0069).
  'gateway.project-clock.v1': between(['api-gateway'], ['users-recurring', 'payments', 'notifier']),
  'users.user-created.v1': between(['users-recurring'], ['payments']),
  'users.get-user.v1': between(['api-gateway'], ['users-recurring']),
  'users.resolve-user.v1': between(['api-gateway'], ['users-recurring']),
  'users.task-command.v1': between(['processing-orchestrator'], ['users-recurring']),
  'processing.submit-request.v2': between(['api-gateway'], ['processing-orchestrator']),
  'processing.get-status.v2': between(['api-gateway'], ['processing-orchestrator']),
  'processing.resume-task.v1': between(['api-gateway'], ['processing-orchestrator']),
  'processing.request-finished.v1': between(['processing-orchestrator'], ['notifier']),
  'processing.task-result.v1': between(TASK_OWNERS, ['processing-orchestrator']),
  'processing.task-result.v2': between(['payments'], ['processing-orchestrator']),
  'payments.task-command.v1': between(['processing-orchestrator'], ['payments']),
  'notifier.task-command.v1': between(['processing-orchestrator'], ['notifier']),
  'payments.tokenize-card.v1': between(['api-gateway'], ['payments']),
  'payments.process-charge.v1': between(['api-gateway'], ['payments']),
  'payments.authenticate-charge.v1': between(['api-gateway'], ['payments']),
  'payments.get-transaction.v1': between(['api-gateway'], ['payments']),
  'payments.list-transactions.v1': between(['api-gateway'], ['payments']),
  'payments.get-balance.v1': between(['api-gateway'], ['payments']),
  'payments.transaction-status-changed.v1': between(['payments'], ['notifier']),
  'payments.recurring-subscribed.v1': between(['payments'], ['users-recurring']),
  'notifier.list-deliveries.v1': between(['api-gateway'], ['notifier']),
  'notifier.replay-delivery.v1': between(['api-gateway'], ['notifier']),
  // The money trace (ADR 0066): the gateway asks each service for its part.
  'payments.trace.v1': between(['api-gateway'], ['payments']),
  'processing-orchestrator.trace.v1': between(['api-gateway'], ['processing-orchestrator']),
  'payouts.trace.v1': between(['api-gateway'], ['payouts']),
  'users-recurring.trace.v1': between(['api-gateway'], ['users-recurring']),
  'notifier.trace-deliveries.v1': between(['api-gateway'], ['notifier']),
  'notifier.get-delivery.v1': between(['api-gateway'], ['notifier']),
  'notifier.resend-dead-deliveries.v1': between(['api-gateway'], ['notifier']),
  'payments.search-transactions.v1': between(['api-gateway'], ['payments']),
  'processing-orchestrator.search-processing.v1': between(
    ['api-gateway'],
    ['processing-orchestrator'],
  ),
  'payments.balance-history.v1': between(['api-gateway'], ['payments']),
  'payments.reverse-payment.v1': between(['api-gateway'], ['payments']),
  'payments.sandbox-dispute.v1': between(['api-gateway'], ['payments']),
  'users.change-recurring.v1': between(['api-gateway'], ['users-recurring']),
  'users.cancel-recurring.v1': between(['api-gateway'], ['users-recurring']),
  'users.start-recurring-charge.v1': between(['api-gateway'], ['users-recurring']),
  'payments.recurring-charge-command.v1': between(['users-recurring'], ['payments']),
  'payments.recurring-charge-settled.v1': between(['payments'], ['users-recurring']),
  'payouts.list-payout-types.v1': between(['api-gateway'], ['payouts']),
  'payouts.get-payout-parameters.v1': between(['api-gateway'], ['payouts']),
  'payouts.create-payout.v1': between(['api-gateway'], ['payouts']),
  'payouts.reserve-payout-funds.v1': between(['payouts'], ['payments']),
  'payments.payout-funds-reserved.v1': between(['payments'], ['payouts']),
  'payments.payout-funds-refused.v1': between(['payments'], ['payouts']),
  'payouts.payout-settled.v1': between(['payouts'], ['payments']),
  'payouts.task-command.v1': between(['processing-orchestrator'], ['payouts']),
  'payouts.payout-task-checked.v1': between(['payouts'], ['payments']),
  'payments.create-wallet-transaction.v1': between(['api-gateway'], ['payments']),
  'payments.get-checkout.v1': between(['api-gateway'], ['payments']),
  'payments.finish-checkout.v1': between(['api-gateway'], ['payments']),
};
