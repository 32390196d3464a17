import type { PaymentsHarness } from './payments-harness';

/** Debit and credit totals of the whole journal per currency, and entries that do not balance. */
export async function ledgerAudit(h: PaymentsHarness) {
  const totals = await h.sql<{ currency: string; debits: string; credits: string }>(
    `SELECT currency, sum(debit)::text AS debits, sum(credit)::text AS credits
     FROM journal_lines GROUP BY currency`,
  );
  const unbalanced = await h.sql(
    `SELECT entry_id FROM journal_lines GROUP BY entry_id, currency HAVING sum(debit) <> sum(credit)`,
  );
  return { totals, unbalanced };
}

/**
 * Every place in the payments database where a card number or security code shows up in clear:
 * all text-like columns of all tables. A number matches anywhere in a value; a security code (three
 * digits that could occur by chance inside ciphertext or ids) matches as a whole value or as a JSON
 * string value.
 */
export async function cardDataLeaks(
  h: PaymentsHarness,
  numbers: readonly string[],
  securityCodes: readonly string[],
): Promise<string[]> {
  const columns = await h.sql<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`,
  );
  const leaks: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const value = `"${column}"::text`;
    const rows = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}"
       WHERE ${value} LIKE ANY ($1::text[]) OR ${value} = ANY ($2::text[]) OR ${value} LIKE ANY ($3::text[])`,
      [numbers.map((n) => `%${n}%`), securityCodes, securityCodes.map((code) => `%"${code}"%`)],
    );
    if (rows[0].n > 0) leaks.push(`${table}.${column} (${rows[0].n} rows)`);
  }
  return leaks;
}
