import { serviceDataSourceOptions, withConnectionSettings } from '@opp/persistence';
import {
  ProjectClocks1764990000000,
  ProjectSnapshotsNotify1764100000100,
  snapshotEntities,
  snapshotMigrations,
} from '@opp/snapshots';
import { CreateUsersReadModel1763700000300 } from './migrations/1763700000300-create-users-read-model';
import { CreateCardVault1763700000310 } from './migrations/1763700000310-create-card-vault';
import { CreateTransactions1763700000320 } from './migrations/1763700000320-create-transactions';
import { CreateLedger1763700000330 } from './migrations/1763700000330-create-ledger';
import { GuardLedger1763700000395 } from './migrations/1763700000395-guard-ledger';
import { RecordCardDataKek1763800001000 } from './migrations/1763800001000-record-card-data-kek';
import { ReversalsAndLiveOrders1763800003000 } from './migrations/1763800003000-reversals-and-live-orders';
import { CreatePayoutsAndBalanceGuard1763800006100 } from './migrations/1763800006100-create-payouts-and-balance-guard';
import { WalletTransactions1763800005100 } from './migrations/1763800005100-wallet-transactions';
import { RollingReserve1763900000100 } from './migrations/1763900000100-rolling-reserve';
import { Disputes1763900000200 } from './migrations/1763900000200-disputes';
import { UsersReadModelByIdentifier1764000000100 } from './migrations/1764000000100-users-read-model-by-identifier';
import { PayoutsClaimRequestKey1764200007100 } from './migrations/1764200007100-payouts-claim-request-key';
import { FingerprintKid1764906300100 } from './migrations/1764906300100-fingerprint-kid';
import { StatusHistory1764960000200 } from './migrations/1764960000200-status-history';
import { StatusHistorySwitch1765100000100 } from './migrations/1765100000100-status-history-switch';

export const SERVICE_NAME = 'payments';
export const entities = [...snapshotEntities];
export const migrations = [
  ...snapshotMigrations,
  CreateUsersReadModel1763700000300,
  CreateCardVault1763700000310,
  CreateTransactions1763700000320,
  CreateLedger1763700000330,
  GuardLedger1763700000395,
  RecordCardDataKek1763800001000,
  ReversalsAndLiveOrders1763800003000,
  CreatePayoutsAndBalanceGuard1763800006100,
  WalletTransactions1763800005100,
  RollingReserve1763900000100,
  Disputes1763900000200,
  UsersReadModelByIdentifier1764000000100,
  ProjectSnapshotsNotify1764100000100,
  PayoutsClaimRequestKey1764200007100,
  // Vault rows record their fingerprint key's kid (ADR 0063).
  FingerprintKid1764906300100,
  StatusHistory1764960000200,
  // Sandbox project clocks drive token lifetimes and reserve releases (ADR 0069).
  ProjectClocks1764990000000,
  // TRACE_RECORDING=off turns the status-history trigger off per connection (ADR 0066).
  StatusHistorySwitch1765100000100,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });

/**
 * The service's connections: with TRACE_RECORDING=off each one carries `opp.trace_recording=off`
 * (a connection option, in the URL's `options` as libpq reads it), which the status-history
 * trigger's condition reads (ADR 0066). The migrations connect without it.
 */
export function serviceDatabaseUrl(url: string, traceRecording: 'on' | 'off'): string {
  if (traceRecording === 'on') return url;
  return withConnectionSettings(url, { 'opp.trace_recording': 'off' });
}
