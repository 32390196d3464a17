import {
  ProcessChargeV1Request,
  TokenizeCardV1Request,
  Topics,
  type MessageEnvelope,
  type TransactionStatusChangedV1,
} from '@opp/contracts';
import { eventually, SANDBOX_DECLINES } from '@opp/testing';
import { cardDataLeaks, ledgerAudit } from './card-data-audit';
import { sealedCardData, errorCodeOf, PaymentsHarness, valueOf } from './payments-harness';

/** Every ADR 0006 card, verification, remembering and ADR 0009 money checks, over Kafka. */
describe('payments: card charges (D6, D7, D9)', () => {
  let h: PaymentsHarness;
  let project: number;
  let events: MessageEnvelope[];
  const numbersUsed = new Set<string>();

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments charges', ['payments']);
    project = await h.createProject();
    events = await h.collect(Topics.transactionEvents);
  });

  afterAll(async () => {
    await h?.stop();
  });

  async function chargeCard(number: string, fields: Parameters<typeof h.chargeCommand>[1] = {}) {
    numbersUsed.add(number);
    return h.request(
      ProcessChargeV1Request,
      h.chargeCommand(project, { sealedCard: sealedCardData(project, number), ...fields }),
    );
  }

  const statusEventsOf = (id: number) =>
    events
      .filter((e) => e.type === 'payments.transaction-status-changed.v1')
      .map((e) => e.payload as TransactionStatusChangedV1)
      .filter((p) => p.transactionId === id);

  it.each(['4242424242424242', '5555555555554444', '4111111111111111'])(
    'approves %s with the fee and without the number in the answer',
    async (number) => {
      const reply = await chargeCard(number, { orderId: `order-${number.slice(-4)}` });
      const charge = valueOf(reply);
      expect(charge).toMatchObject({
        status: 'completed',
        type: 'payment',
        priceMinor: '1000',
        feeMinor: '55',
        currency: 'EUR',
        orderId: `order-${number.slice(-4)}`,
        permanentTokenId: null,
        card: { lastFour: number.slice(-4), mask: `************${number.slice(-4)}` },
      });
      expect(charge.id).toBeLessThan(2 ** 53);
      expect(JSON.stringify(reply)).not.toContain(number);
    },
  );

  it.each(SANDBOX_DECLINES)(
    'declines %s (%s) as a failed charge, not an error',
    async (number, reason) => {
      const charge = valueOf(await chargeCard(number));
      expect(charge).toMatchObject({ status: 'failed', reason });
    },
  );

  it('refuses the blocked card with 40309, by card data and by token', async () => {
    expect(errorCodeOf(await chargeCard('4100000000000019'))).toBe(40309);
    const token = valueOf(
      await h.request(TokenizeCardV1Request, {
        projectId: project,
        sealedCard: sealedCardData(project, '4100000000000019'),
      }),
    );
    expect(
      errorCodeOf(
        await h.request(ProcessChargeV1Request, h.chargeCommand(project, { cardToken: token.id })),
      ),
    ).toBe(40309);
  });

  it('refuses a number failing the Luhn check with 40004', async () => {
    expect(errorCodeOf(await chargeCard('4242424242424241'))).toBe(40004);
    const tokenize = await h.request(TokenizeCardV1Request, {
      projectId: project,
      sealedCard: sealedCardData(project, '4242424242424241'),
    });
    expect(errorCodeOf(tokenize)).toBe(40004);
  });

  it("opens only card data sealed for the project: another project's box is refused with 40017", async () => {
    const other = await h.createProject();
    const boxOfOther = sealedCardData(other, '4242424242424242');
    expect(
      errorCodeOf(
        await h.request(
          ProcessChargeV1Request,
          h.chargeCommand(project, { sealedCard: boxOfOther, orderId: 'foreign-box' }),
        ),
      ),
    ).toBe(40017);
    const tokenize = await h.request(TokenizeCardV1Request, {
      projectId: project,
      sealedCard: boxOfOther,
    });
    expect(errorCodeOf(tokenize)).toBe(40017);
    // The same box opens for the project it was sealed for.
    expect(
      valueOf(await h.request(TokenizeCardV1Request, { projectId: other, sealedCard: boxOfOther }))
        .card.lastFour,
    ).toBe('4242');
  });

  it('serves a live project without an acquirer adapter with 42201, never the sandbox table', async () => {
    const live = await h.createProject({ sandbox: false });
    const reply = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(live, { sealedCard: sealedCardData(live, '4242424242424242') }),
    );
    expect(errorCodeOf(reply)).toBe(42201);
    expect(await h.sql('SELECT 1 FROM transactions WHERE project_id = $1', [live])).toEqual([]);
  });

  it('settles 4000000000000119 from processing to completed, with both events', async () => {
    const charge = valueOf(await chargeCard('4000000000000119'));
    expect(charge).toMatchObject({ status: 'processing' });
    await eventually(
      () => statusEventsOf(charge.id).some((e) => e.status === 'completed'),
      'the settlement event',
      10_000,
    );
    const statuses = statusEventsOf(charge.id).map((e) => [e.status, e.callbackStatus]);
    expect(statuses).toEqual([
      ['processing', 'processing'],
      ['completed', 'completed'],
    ]);
  });

  it('verifies a card with 1 EUR held and released', async () => {
    const charge = valueOf(
      await chargeCard('4242424242424242', { verifyCard: true, price: '99.99', currency: 'USD' }),
    );
    expect(charge).toMatchObject({
      status: 'verified',
      type: 'verification',
      priceMinor: '100',
      currency: 'EUR',
      feeMinor: '0',
    });
    const kinds = await h.sql<{ kind: string }>(
      'SELECT kind FROM journal_entries WHERE transaction_id = $1 ORDER BY id',
      [charge.id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['verification-hold', 'verification-release']);
  });

  it('remembers a card as a reusable permanent token, unless the project forbids it', async () => {
    const first = valueOf(await chargeCard('5555555555554444', { remember: true }));
    expect(first.permanentTokenId).toEqual(expect.any(String));
    for (let i = 0; i < 2; i++) {
      const again = valueOf(
        await h.request(
          ProcessChargeV1Request,
          h.chargeCommand(project, { cardToken: first.permanentTokenId!, remember: true }),
        ),
      );
      expect(again).toMatchObject({
        status: 'completed',
        permanentTokenId: first.permanentTokenId,
      });
    }
    const noRemember = await h.createProject({ rememberEnabled: false });
    const refused = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(noRemember, {
        sealedCard: sealedCardData(noRemember, '4242424242424242'),
        remember: true,
      }),
    );
    expect(errorCodeOf(refused)).toBe(40312);
  });

  // The decimal price is read once at the edge (ADR 0031): 40018 and 40017 for a malformed price
  // are the gateway's (money-fields.spec.ts) and the task payload's (task-payload.spec.ts).
  it('knows its currencies and its projects', async () => {
    const unknownCurrency = await h.request(ProcessChargeV1Request, {
      ...h.chargeCommand(project, { sealedCard: sealedCardData(project, '4242424242424242') }),
      currency: 'XYZ',
    });
    expect(unknownCurrency).toMatchObject({
      ok: false,
      error: { code: 40017, message: expect.stringContaining('XYZ') },
    });
    const unknownProject = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(999, { sealedCard: sealedCardData(999, '4242424242424242') }),
    );
    expect(unknownProject).toMatchObject({ ok: false, error: { code: 42201 } });
    expect(
      valueOf(await chargeCard('4242424242424242', { price: '500', currency: 'JPY' })),
    ).toMatchObject({ priceMinor: '500', feeMinor: '13' });
  });

  it('carries attributes and the callback amounts in every status event', async () => {
    const charge = valueOf(await chargeCard('4242424242424242', { attributes: { attr_x: 'y' } }));
    await eventually(() => statusEventsOf(charge.id).length === 1, 'the status event');
    expect(statusEventsOf(charge.id)[0]).toMatchObject({
      status: 'completed',
      callbackStatus: 'completed',
      amount: '10.00',
      price: '10.0000',
      deposit: '10.0000',
      earned: '9.4500',
      vatRate: '0.0000',
      attributes: { attr_x: 'y' },
      userId: '42',
      sandbox: true,
    });
  });

  it('charges with the settings of the project snapshot applied last (ADR 0065: the cache is dropped)', async () => {
    const own = await h.createProject();
    const pay = async () =>
      valueOf(
        await h.request(
          ProcessChargeV1Request,
          h.chargeCommand(own, { sealedCard: sealedCardData(own, '4242424242424242') }),
        ),
      );
    // The first charge reads the settings and keeps them; 2.5% of 10.00 plus 0.30.
    expect((await pay()).feeMinor).toBe('55');
    expect((await pay()).feeMinor).toBe('55');
    await h.updateProject(own, { feePercent: '10' }, 2);
    expect((await pay()).feeMinor).toBe('130');
    await h.updateProject(own, { force3ds: true }, 3);
    expect((await pay()).status).toBe('authenticating');
  });

  it('lets the database refuse an unbalanced or empty journal entry and any edit of the journal', async () => {
    // Rows of this test's own: a balanced entry for a charge of this suite.
    const charge = valueOf(await chargeCard('4242424242424242', { orderId: 'ledger-guards' }));
    const [own] = await h.sql<{ entry: string; line: string }>(
      `WITH entry AS (
         INSERT INTO journal_entries (project_id, transaction_id, kind)
         VALUES ($1, $2, 'ledger-guard-test') RETURNING id)
       INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
       SELECT id, account, 'EUR', debit, credit FROM entry,
         (VALUES ('acquirer-clearing', 100, 0), ('project-payable', 0, 100)) AS l(account, debit, credit)
       RETURNING entry_id AS entry, id AS line`,
      [project, charge.id],
    );
    await expect(
      h.sql(
        `WITH entry AS (
           INSERT INTO journal_entries (project_id, kind) VALUES ($1, 'test') RETURNING id)
         INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
         SELECT id, 'acquirer-clearing', 'EUR', 100, 0 FROM entry`,
        [project],
      ),
    ).rejects.toThrow(/not balanced/);
    await expect(
      h.sql(`INSERT INTO journal_entries (project_id, kind) VALUES ($1, 'empty')`, [project]),
    ).rejects.toThrow(/has no lines/);
    await expect(
      h.sql(
        `WITH entry AS (
           INSERT INTO journal_entries (project_id, transaction_id, kind)
           VALUES ($1, $2, 'ledger-guard-test') RETURNING id)
         INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
         SELECT id, account, 'EUR', debit, credit FROM entry,
           (VALUES ('acquirer-clearing', 1, 0), ('project-payable', 0, 1)) AS l(account, debit, credit)`,
        [project, charge.id],
      ),
    ).rejects.toThrow(/journal_entries_once_per_kind/);
    for (const edit of [
      [`UPDATE journal_entries SET kind = 'edited' WHERE id = $1`, own.entry],
      [`DELETE FROM journal_entries WHERE id = $1`, own.entry],
      [`UPDATE journal_lines SET debit = 200 WHERE id = $1`, own.line],
      [`DELETE FROM journal_lines WHERE id = $1`, own.line],
    ]) {
      await expect(h.sql(edit[0], [edit[1]])).rejects.toThrow(/append-only/);
    }
    for (const table of ['journal_lines', 'journal_entries']) {
      await expect(h.sql(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
    }
    const kept = await h.sql(
      `SELECT e.kind, l.debit::int, l.credit::int FROM journal_entries e
       JOIN journal_lines l ON l.entry_id = e.id WHERE e.id = $1 ORDER BY l.id`,
      [own.entry],
    );
    expect(kept).toEqual([
      { kind: 'ledger-guard-test', debit: 100, credit: 0 },
      { kind: 'ledger-guard-test', debit: 0, credit: 100 },
    ]);
  });

  it('keeps the journal balanced and no card data in clear', async () => {
    const { totals, unbalanced } = await ledgerAudit(h);
    expect(unbalanced).toEqual([]);
    expect(totals.length).toBeGreaterThan(0);
    for (const t of totals) expect(t.debits).toBe(t.credits);
    expect(await cardDataLeaks(h, [...numbersUsed], ['737'])).toEqual([]);
  });
});
