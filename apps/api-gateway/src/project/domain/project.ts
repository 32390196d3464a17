/** A merchant project: who signs requests (public/private key) and how its payments behave. */
export interface ProjectSettings {
  force3ds: boolean;
  rememberEnabled: boolean;
  sandbox: boolean;
  /** Decimal strings: fees and rates are exact, never binary floats. */
  feePercent: string;
  feeFixed: string;
  rollingReservePercent: string;
  rollingReserveDays: number;
  virtualCurrencyRate: string;
  /** ADR 0012: minimal days between two recurring charges of a user. */
  recurringMinDays: number;
  /** ADR 0012: how many months after subscribing repeated payments are allowed. */
  recurringMonths: number;
  /** ADR 0018: every signed /v1 request carries a signed `timestamp` within 300 s of the clock. */
  requireTimestamp: boolean;
  /**
   * ADR 0015: GET /v1/card/getToken per minute from one client IP, and from all together; null
   * (or absent, in rows older than the setting) means the default for the project's mode.
   */
  tokenRateLimitPerIp: number | null;
  tokenRateLimitPerProject: number | null;
}

export interface Project {
  id: number;
  name: string;
  publicKey: string;
  privateKey: string;
  /** After a rotation the old key keeps verifying until `previousKeyExpiresAt`. */
  previousPrivateKey: string | null;
  previousKeyExpiresAt: Date | null;
  callbackUrl: string | null;
  baseCurrency: string;
  settings: ProjectSettings;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  force3ds: false,
  rememberEnabled: true,
  sandbox: true,
  feePercent: '0',
  feeFixed: '0',
  rollingReservePercent: '0',
  rollingReserveDays: 0,
  virtualCurrencyRate: '1',
  recurringMinDays: 1,
  recurringMonths: 12,
  requireTimestamp: false,
  tokenRateLimitPerIp: null,
  tokenRateLimitPerProject: null,
};

/**
 * Applies the settings a caller gave. Fields left out stay as they were: a DTO instance carries its
 * absent fields as `undefined`, which a plain spread would copy over the current values.
 */
export function withSettings(
  current: ProjectSettings,
  changes: Partial<ProjectSettings> | undefined,
): ProjectSettings {
  const given = Object.entries(changes ?? {}).filter(([, value]) => value !== undefined);
  return { ...current, ...(Object.fromEntries(given) as Partial<ProjectSettings>) };
}

/** The private keys that verify a signature now: the current one, and the previous during its grace. */
export function verifyingKeys(project: Project, now: Date): string[] {
  const keys = [project.privateKey];
  if (
    project.previousPrivateKey &&
    project.previousKeyExpiresAt &&
    project.previousKeyExpiresAt > now
  ) {
    keys.push(project.previousPrivateKey);
  }
  return keys;
}
