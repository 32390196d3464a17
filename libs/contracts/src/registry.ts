import type { AnyDefinition } from './message-definition';
import {
  PartnerSigningSnapshotV1Message,
  PartnerSnapshotV1Message,
} from './messages/gateway/partner-snapshot.v1';
import {
  ProjectSigningSnapshotV1Message,
  ProjectSnapshotV1Message,
} from './messages/gateway/project-snapshot.v1';
import { ProjectClockV1Message } from './messages/gateway/project-clock.v1';
import {
  GetProcessingStatusV2Request,
  SubmitProcessingV2Request,
} from './messages/processing/processing-answer.v2';
import { TaskResultV2Message } from './messages/processing/task-result.v2';
import { AuthenticateChargeV1Request } from './messages/payments/authenticate-charge.v1';
import { ProcessChargeV1Request } from './messages/payments/process-charge.v1';
import { TokenizeCardV1Request } from './messages/payments/tokenize-card.v1';
import {
  GetBalanceV1Request,
  GetTransactionV1Request,
  ListTransactionsV1Request,
} from './messages/payments/transaction-queries.v1';
import { TransactionStatusChangedV1Message } from './messages/payments/transaction-status-changed.v1';
import { RecurringSubscribedV1Message } from './messages/payments/recurring-subscribed.v1';
import { ReversePaymentV1Request } from './messages/payments/reverse-payment.v1';
import { SandboxDisputeV1Request } from './messages/payments/sandbox-dispute.v1';
import {
  CreateWalletTransactionV1Request,
  FinishCheckoutV1Request,
  GetCheckoutV1Request,
} from './messages/payments/wallet-transaction.v1';
import { GetUserV1Request } from './messages/users/get-user.v1';
import {
  CancelRecurringV1Request,
  ChangeRecurringV1Request,
} from './messages/users/recurring-settings.v1';
import { StartRecurringChargeV1Request } from './messages/users/start-recurring-charge.v1';
import {
  RecurringChargeCommandV1Message,
  RecurringChargeSettledV1Message,
} from './messages/payments/recurring-charge.v1';
import {
  NotifierTaskCommandV1Message,
  PaymentsTaskCommandV1Message,
  PayoutsTaskCommandV1Message,
  TaskResultV1Message,
  UsersTaskCommandV1Message,
} from './messages/processing/task-protocol.v1';
import { ResolveUserV1Request } from './messages/users/resolve-user.v1';
import { UserCreatedV1Message } from './messages/users/user-created.v1';
import { RequestFinishedV1Message } from './messages/processing/request-finished.v1';
import { ResumeProcessingTaskV1Request } from './messages/processing/resume-task.v1';
import {
  ListDeliveriesV1Request,
  ReplayDeliveryV1Request,
} from './messages/notifier/deliveries.v1';
import {
  GetPayoutParametersV1Request,
  ListPayoutTypesV1Request,
} from './messages/payouts/payout-catalogue.v1';
import {
  CreatePayoutV1Request,
  PayoutFundsRefusedV1Message,
  ReservePayoutFundsV1Message,
} from './messages/payouts/payout-flow.v1';
import {
  PayoutFundsReservedV1Message,
  PayoutSettledV1Message,
  PayoutTaskCheckedV1Message,
} from './messages/payments/payout-funds.v1';
import {
  BalanceHistoryV1Request,
  GetDeliveryV1Request,
  PaymentsTraceV1Request,
  PayoutsTraceV1Request,
  ProcessingTraceV1Request,
  ResendDeadDeliveriesV1Request,
  SearchProcessingV1Request,
  SearchTransactionsV1Request,
  TraceDeliveriesV1Request,
  UsersTraceV1Request,
} from './trace/trace-parts.v1';

/** Every message type by name: consumers look a type up here to validate what they receive. */
const definitions: readonly AnyDefinition[] = [
  ProjectSnapshotV1Message,
  PartnerSnapshotV1Message,
  ProjectSigningSnapshotV1Message,
  PartnerSigningSnapshotV1Message,
  ProjectClockV1Message,
  UserCreatedV1Message,
  ResolveUserV1Request,
  GetUserV1Request,
  SubmitProcessingV2Request,
  GetProcessingStatusV2Request,
  TokenizeCardV1Request,
  ProcessChargeV1Request,
  AuthenticateChargeV1Request,
  GetTransactionV1Request,
  ListTransactionsV1Request,
  GetBalanceV1Request,
  TransactionStatusChangedV1Message,
  RecurringSubscribedV1Message,
  ReversePaymentV1Request,
  SandboxDisputeV1Request,
  PaymentsTaskCommandV1Message,
  UsersTaskCommandV1Message,
  NotifierTaskCommandV1Message,
  TaskResultV1Message,
  TaskResultV2Message,
  RequestFinishedV1Message,
  ResumeProcessingTaskV1Request,
  ListDeliveriesV1Request,
  ReplayDeliveryV1Request,
  ChangeRecurringV1Request,
  CancelRecurringV1Request,
  StartRecurringChargeV1Request,
  RecurringChargeCommandV1Message,
  RecurringChargeSettledV1Message,
  ListPayoutTypesV1Request,
  GetPayoutParametersV1Request,
  CreatePayoutV1Request,
  ReservePayoutFundsV1Message,
  PayoutFundsReservedV1Message,
  PayoutFundsRefusedV1Message,
  PayoutSettledV1Message,
  PayoutsTaskCommandV1Message,
  PayoutTaskCheckedV1Message,
  CreateWalletTransactionV1Request,
  GetCheckoutV1Request,
  FinishCheckoutV1Request,
  PaymentsTraceV1Request,
  ProcessingTraceV1Request,
  PayoutsTraceV1Request,
  UsersTraceV1Request,
  TraceDeliveriesV1Request,
  GetDeliveryV1Request,
  ResendDeadDeliveriesV1Request,
  SearchTransactionsV1Request,
  SearchProcessingV1Request,
  BalanceHistoryV1Request,
] as AnyDefinition[];

export const messageRegistry: ReadonlyMap<string, AnyDefinition> = new Map(
  definitions.map((d) => [d.type, d]),
);

export const definitionOf = (type: string): AnyDefinition | undefined => messageRegistry.get(type);
