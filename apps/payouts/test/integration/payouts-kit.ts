import type { Stack } from '@opp/local-stack';
import { AdminClient, eventually, MerchantClient, queryStackDb } from '@opp/testing';

const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

/** Parameters that satisfy every rule of a card payout (ADR 0011), whatever the BIN's country. */
export const CARD_PAYOUT_PARAMETERS = {
  cardHolder: 'Ada Lovelace',
  cardExpirationDate: `12/${FUTURE_YEAR.slice(2)}`,
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  birthDate: '10.12.1985',
};

export const SEPA_PAYOUT_PARAMETERS = {
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  receiverBankBIC: 'DEUTDEFF',
};

/** Valid IBANs (mod 97) whose last digits pick the sandbox rail's outcome (ADR 0011). */
export const IBANS = {
  completed: 'DE89370400440532013000',
  failed: 'DE70500105170000000002',
  cancelled: 'DE43500105170000000003',
};

/** A project without fees, so a payment of X makes an available balance of exactly X. */
export async function fundedMerchant(
  stack: Stack,
  balance: string,
  extra: Record<string, unknown> = {},
): Promise<{ merchant: MerchantClient; projectId: number }> {
  const created = await new AdminClient(stack.gatewayUrl!).createProject({
    settings: { feePercent: '0', feeFixed: '0' },
    ...extra,
  });
  const merchant = new MerchantClient(stack.gatewayUrl!, created);
  await eventually(
    async () =>
      (
        await queryStackDb(stack, 'payments', 'SELECT 1 FROM project_snapshots WHERE id = $1', [
          created.id,
        ])
      ).length === 1,
    'the project in payments',
    120_000,
  );
  const user = await merchant.postForm('/v1/user/resolve', {
    identifier: `payee-${created.id}`,
    ip: '10.0.0.9',
  });
  expect(user.status).toBe(200);
  const charge = await merchant.postForm('/v1/card/process', {
    user: user.data.id,
    card: {
      number: '4242424242424242',
      expiration_month: '12',
      expiration_year: FUTURE_YEAR,
      security_code: '123',
    },
    price: balance,
    currency: 'EUR',
    description: 'Funds for payouts',
  });
  expect(charge.data).toMatchObject({ status: 'completed' });
  return { merchant, projectId: created.id };
}

export async function availableBalance(merchant: MerchantClient): Promise<string> {
  const answer = await merchant.get('/v1/balance', { currency: 'EUR' });
  expect(answer.status).toBe(200);
  return answer.data.amount as string;
}

/** The payments ledger's view of a project's payouts: reserved, posted out, released. */
export async function payoutLedger(stack: Stack, projectId: number) {
  const rows = await queryStackDb<{ kind: string; n: string; total: string }>(
    stack,
    'payments',
    `SELECT e.kind, count(DISTINCT e.id)::text AS n, COALESCE(sum(l.debit), 0)::text AS total
     FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
     WHERE e.project_id = $1 AND e.payout_id IS NOT NULL GROUP BY e.kind`,
    [projectId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, { count: Number(r.n), total: r.total }]));
}
