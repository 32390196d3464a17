import type { ChargeUserRefV1, UserSnapshotV1 } from '@opp/contracts';

/** The payer's columns, prefixed so they can share a row with a charge's other reads (ADR 0065). */
export interface PayerRow {
  payer_id: string | null;
  payer_identifier: string | null;
  payer_display_name?: string | null;
  payer_email?: string | null;
  payer_phone?: string | null;
  payer_ip?: string | null;
  payer_locale?: string | null;
}

/**
 * ADR 0065: the users read model's SELECT for a charge's user reference, by internal id or by a
 * User object's identifier (whose other fields are the ones sent). The placeholders are the
 * project's and the reference's (`payerKeyOf`) in the statement it is part of.
 */
export function payerLookup(ref: ChargeUserRefV1, project: string, key: string): string {
  if (ref.resolve) {
    return `SELECT id AS payer_id, identifier AS payer_identifier FROM users_read_model
      WHERE project_id = ${project} AND identifier = ${key}`;
  }
  return `SELECT id AS payer_id, identifier AS payer_identifier, display_name AS payer_display_name,
      email AS payer_email, phone AS payer_phone, ip AS payer_ip, locale AS payer_locale
    FROM users_read_model WHERE id = ${key} AND project_id = ${project}`;
}

/** The value of `payerLookup`'s key placeholder. */
export const payerKeyOf = (ref: ChargeUserRefV1): string | null =>
  ref.resolve ? ref.resolve.identifier : (ref.userId ?? null);

/** The User object of the charge; null when the read model does not know the user (no row). */
export function payerOf(
  row: Partial<PayerRow> | undefined,
  ref: ChargeUserRefV1,
): UserSnapshotV1 | null {
  if (!row?.payer_id || !row.payer_identifier) return null;
  const { resolve } = ref;
  if (resolve) {
    return {
      id: row.payer_id,
      identifier: resolve.identifier,
      displayName: resolve.displayName ?? null,
      email: resolve.email ?? null,
      phone: resolve.phone ?? null,
      ip: resolve.ip,
      locale: resolve.locale ?? null,
    };
  }
  return {
    id: row.payer_id,
    identifier: row.payer_identifier,
    displayName: row.payer_display_name ?? null,
    email: row.payer_email ?? null,
    phone: row.payer_phone ?? null,
    ip: row.payer_ip ?? null,
    locale: row.payer_locale ?? null,
  };
}
