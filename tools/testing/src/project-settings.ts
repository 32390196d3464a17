import type { ProjectSettingsV1 } from '@opp/contracts';

/** A sandbox project's settings as its snapshot carries them, for tests that publish one. */
export const SANDBOX_PROJECT_SETTINGS: ProjectSettingsV1 = {
  force3ds: false,
  rememberEnabled: true,
  sandbox: true,
  feePercent: '2.5',
  feeFixed: '0.30',
  rollingReservePercent: '0',
  rollingReserveDays: 0,
  virtualCurrencyRate: '1',
  recurringMinDays: 1,
  recurringMonths: 12,
};
