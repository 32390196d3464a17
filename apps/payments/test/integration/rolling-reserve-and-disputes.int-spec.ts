import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { findRepoRoot, type Stack } from '@opp/local-stack';
import { reconcileProjectIn, type Difference } from '@opp/reconcile';
import {
  AdminClient,
  awaitProjectSnapshot,
  CaptureServer,
  eventually,
  formFields,
  MerchantClient,
  queryStackDb,
  reserveInPaymentsLedger,
  SANDBOX_SEPA_PAYOUT,
  startTestStack,
} from '@opp/testing';

const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

/**
 * The merchant's money end to end (gateway -> payments -> payouts, notifier): the rolling reserve
 * (ADR 0027) set in the admin API, held out of the balance and of payouts and returned by the
 * scheduler; sandbox chargebacks and retrievals with their penalty and callbacks (ADR 0028); and
 * the reconciliation of every project used here, clean and with planted differences (ADR 0021).
 */
describe('rolling reserve, sandbox disputes and reconciliation, end to end', () => {
  let stack: Stack;
  let admin: AdminClient;
  let endpoint: CaptureServer;
  const projects: number[] = [];
  let seq = 0;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'reserve and disputes',
      services: ['api-gateway', 'users-recurring', 'payments', 'payouts', 'notifier'],
      // A reserve "day" of one second: 1 day comes back at once, 3650 days never within the suite.
      extraEnv: { RESERVE_DAY_SECONDS: '1' },
    });
    admin = new AdminClient(stack.gatewayUrl!);
  });

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  /** A sandbox project known to payments, with a callback URL and the given settings. */
  async function merchantWith(settings: Record<string, unknown>) {
    const created = await admin.createProject({
      callbackUrl: endpoint.url('/callbacks'),
      settings: { feePercent: '0', feeFixed: '0', ...settings },
    });
    projects.push(created.id);
    await awaitProjectSnapshot(stack, 'payments', created.id, 120_000);
    const merchant = new MerchantClient(stack.gatewayUrl!, created);
    const user = await merchant.postForm('/v1/user/resolve', {
      identifier: `money-${created.id}`,
      ip: '10.0.0.9',
    });
    expect(user.status).toBe(200);
    const pay = async (price = '10.00', number = '4242424242424242') => {
      const answer = await merchant.postForm('/v1/card/process', {
        user: user.data.id,
        card: {
          number,
          expiration_month: '12',
          expiration_year: FUTURE_YEAR,
          security_code: '123',
        },
        price,
        currency: 'EUR',
        description: 'Money test',
        order_id: `money-${++seq}`,
      });
      expect(answer.status).toBe(200);
      return answer.data as { id: number; status: string; order_id?: string; orderId?: string };
    };
    return { merchant, projectId: created.id, pay };
  }

  const balanceOf = async (merchant: MerchantClient) => {
    const answer = await merchant.get('/v1/balance', { currency: 'EUR' });
    expect(answer.status).toBe(200);
    return answer.data as Record<string, string>;
  };

  const transactionsReferencing = (paymentId: number) =>
    queryStackDb<{ id: string; type: string; status: string; price_minor: string }>(
      stack,
      'payments',
      `SELECT id, type, status, price_minor::text AS price_minor FROM transactions
       WHERE reference_id = $1 ORDER BY id`,
      [paymentId],
    );

  const entryKinds = async (transactionIds: number[]) =>
    (
      await queryStackDb<{ kind: string }>(
        stack,
        'payments',
        `SELECT kind FROM journal_entries WHERE transaction_id = ANY($1::bigint[]) ORDER BY id`,
        [transactionIds],
      )
    ).map((r) => r.kind);

  const callbacksOf = (paymentId: number, status: string) =>
    endpoint
      .requests('/callbacks')
      .map((r) => formFields(r.body))
      .filter((f) => f.status === status && f.reference_id === String(paymentId));

  const reconcile = (projectId: number): Promise<Difference[]> =>
    reconcileProjectIn(
      { paymentsUrl: stack.databaseUrls.payments!, payoutsUrl: stack.databaseUrls.payouts! },
      projectId,
    );

  describe('rolling reserve (ADR 0027)', () => {
    it('holds the share out of the available balance, and payouts cannot spend it', async () => {
      const { merchant, projectId, pay } = await merchantWith({
        rollingReservePercent: '10',
        rollingReserveDays: 3650,
      });
      await pay('10.00');
      expect(await balanceOf(merchant)).toEqual({
        amount: '9.00',
        rolling_reserve: '1.00',
        currency: 'EUR',
        base_amount: '9.00',
        base_rolling_reserve: '1.00',
      });

      // The database's own overdraft guard (ADR 0060) sees the available 9.00, not the 10.00.
      await expect(reserveInPaymentsLedger(stack, projectId, 901)).rejects.toThrow(/below zero/);
      const above = await merchant.postForm('/v1/payout', {
        ...SANDBOX_SEPA_PAYOUT,
        amount: '9.01',
        orderId: `reserve-payout-${projectId}-1`,
      });
      expect(above.status).toBe(403);
      expect(above.data.error.code).toBe(40313);
      const all = await merchant.postForm('/v1/payout', {
        ...SANDBOX_SEPA_PAYOUT,
        amount: '9.00',
        orderId: `reserve-payout-${projectId}-2`,
      });
      expect(all.status).toBe(200);
      expect(await balanceOf(merchant)).toMatchObject({ amount: '0.00', rolling_reserve: '1.00' });
      await eventually(
        async () =>
          (
            await queryStackDb<{ status: string }>(
              stack,
              'payments',
              `SELECT status FROM payouts WHERE project_id = $1`,
              [projectId],
            )
          ).every((p) => p.status === 'completed'),
        'the payout settled',
        30_000,
      );
      expect(await reconcile(projectId)).toEqual([]);
    });

    it('returns the share after its days as a `returned` transaction, once', async () => {
      const { merchant, projectId, pay } = await merchantWith({
        rollingReservePercent: '12.5',
        rollingReserveDays: 1,
      });
      const paid = await pay('8.00');
      let returned: { id: string; type: string; status: string; price_minor: string }[] = [];
      await eventually(
        async () => {
          returned = await transactionsReferencing(paid.id);
          return returned.length > 0 && returned[0].status === 'returned';
        },
        'the reserve returned',
        30_000,
      );
      expect(returned).toEqual([
        { id: expect.any(String), type: 'rolling_reserve', status: 'returned', price_minor: '100' },
      ]);
      expect(await balanceOf(merchant)).toMatchObject({ amount: '8.00', rolling_reserve: '0.00' });
      expect(await entryKinds([paid.id, Number(returned[0].id)])).toEqual([
        'payment',
        'rolling-reserve-hold',
        'rolling-reserve-return',
      ]);
      const status = await merchant.get('/v1/transaction/status', { id: returned[0].id });
      expect(status.data).toMatchObject({ type: 'rolling_reserve', status: 'returned' });

      // The database admits one return per payment, whatever code would try a second.
      await expect(
        queryStackDb(
          stack,
          'payments',
          `INSERT INTO transactions (project_id, idempotency_key, order_id, reference_id, type,
             method, status, original_status, price_minor, fee_minor, currency, description,
             user_id, user_snapshot, card_id, card_view, attributes, sandbox, options)
           SELECT project_id, 'second-return', order_id, reference_id, type, method, status,
             original_status, price_minor, fee_minor, currency, description, user_id,
             user_snapshot, card_id, card_view, attributes, sandbox, options
           FROM transactions WHERE id = $1`,
          [returned[0].id],
        ),
      ).rejects.toThrow(/transactions_one_reserve_return_per_payment/);
      expect(await reconcile(projectId)).toEqual([]);
    });

    it('returns each share once when payments is SIGKILLed while the shares are held', async () => {
      const { merchant, projectId, pay } = await merchantWith({
        rollingReservePercent: '10',
        rollingReserveDays: 8,
      });
      const paid = await Promise.all([pay('1.00'), pay('2.00'), pay('3.00')]);
      await stack.services.payments!.kill();
      // The kill landed while the shares were held: the schedule is rows, not timers.
      const held = await queryStackDb<{ n: string }>(
        stack,
        'payments',
        `SELECT count(*)::text AS n FROM rolling_reserve_holds
         WHERE project_id = $1 AND returned_transaction_id IS NULL`,
        [projectId],
      );
      expect(held[0].n).toBe('3');
      await stack.services.payments!.restart();

      await eventually(
        async () => {
          const all = await Promise.all(paid.map((p) => transactionsReferencing(p.id)));
          return all.every((r) => r.length === 1 && r[0].status === 'returned');
        },
        'the three shares returned after the restart',
        60_000,
      );
      const returnIds = (await Promise.all(paid.map((p) => transactionsReferencing(p.id)))).map(
        (r) => Number(r[0].id),
      );
      expect(await entryKinds(returnIds)).toEqual(Array(3).fill('rolling-reserve-return'));
      expect(await balanceOf(merchant)).toMatchObject({ amount: '6.00', rolling_reserve: '0.00' });
      expect(await reconcile(projectId)).toEqual([]);
    });
  });

  describe('sandbox disputes (ADR 0028)', () => {
    const dispute = (id: number | string, kind: 'chargeback' | 'retrieval') =>
      admin.request('POST', `/admin/v1/sandbox/transactions/${id}/${kind}`);

    it('charges back with a penalty, then retrieves without it, each once, with callbacks', async () => {
      // Fee 2.5% + 0.30: a 10.00 payment pays 0.55 and leaves 9.45 available.
      const { merchant, projectId, pay } = await merchantWith({
        feePercent: '2.5',
        feeFixed: '0.30',
      });
      const paid = await pay('10.00');
      expect(await balanceOf(merchant)).toMatchObject({ amount: '9.45' });

      const chargeback = await dispute(paid.id, 'chargeback');
      expect(chargeback.status).toBe(200);
      expect(chargeback.data).toEqual({
        id: expect.any(Number),
        type: 'chargeback',
        status: 'completed',
        referenceId: paid.id,
        paymentStatus: 'charged_back',
        price: '10.00',
        fee: '0.5500',
        currency: 'EUR',
        penalty: { id: expect.any(Number), price: '0.55' },
        createdAt: expect.any(String),
      });
      // The chargeback takes the net back (9.45) and the penalty the fee (0.55).
      expect(await balanceOf(merchant)).toMatchObject({ amount: '-0.55' });
      const again = await dispute(paid.id, 'chargeback');
      expect(again.status).toBe(200);
      expect(again.data).toEqual(chargeback.data);
      expect(await balanceOf(merchant)).toMatchObject({ amount: '-0.55' });

      const status = await merchant.get('/v1/transaction/status', { id: paid.id });
      expect(status.data).toMatchObject({ status: 'charged_back', original_status: 'completed' });
      await eventually(
        () =>
          callbacksOf(paid.id, 'chargeback_completed').length > 0 &&
          callbacksOf(paid.id, 'penalty_completed').length > 0,
        'the chargeback and penalty callbacks',
      );
      expect(callbacksOf(paid.id, 'chargeback_completed')[0]).toMatchObject({
        id: String(chargeback.data.id),
        price: '10.0000',
      });
      expect(callbacksOf(paid.id, 'penalty_completed')[0]).toMatchObject({
        id: String(chargeback.data.penalty.id),
        price: '0.5500',
      });
      expect(merchant.sdk.verifyCallback(callbacksOf(paid.id, 'chargeback_completed')[0])).toBe(
        true,
      );

      const retrieval = await dispute(paid.id, 'retrieval');
      expect(retrieval.status).toBe(200);
      expect(retrieval.data).toMatchObject({
        type: 'retrieval',
        status: 'completed',
        referenceId: paid.id,
        paymentStatus: 'retrieved',
        price: '10.00',
        fee: '0.5500',
        penalty: null,
      });
      // The dispute won: the net comes back, the penalty does not.
      expect(await balanceOf(merchant)).toMatchObject({ amount: '8.90' });
      expect((await dispute(paid.id, 'retrieval')).data).toEqual(retrieval.data);
      // A repeat names the same chargeback; the payment's status is the one it has now.
      expect((await dispute(paid.id, 'chargeback')).data).toEqual({
        ...chargeback.data,
        paymentStatus: 'retrieved',
      });
      await eventually(
        () => callbacksOf(paid.id, 'retrieval_completed').length > 0,
        'the retrieval callback',
      );

      const related = await transactionsReferencing(paid.id);
      expect(related.map((t) => t.type)).toEqual(['chargeback', 'penalty', 'retrieval']);
      expect(await entryKinds([paid.id, ...related.map((t) => Number(t.id))])).toEqual([
        'payment',
        'chargeback',
        'penalty',
        'retrieval',
      ]);
      expect(await reconcile(projectId)).toEqual([]);
    });

    it('posts one chargeback under 8 concurrent requests, and no penalty without a fee', async () => {
      const { merchant, projectId, pay } = await merchantWith({});
      const paid = await pay('5.00');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => dispute(paid.id, 'chargeback')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
      expect(answers[0].data).toMatchObject({ penalty: null, price: '5.00', fee: '0.0000' });
      expect(await balanceOf(merchant)).toMatchObject({ amount: '0.00' });
      expect((await transactionsReferencing(paid.id)).map((t) => t.type)).toEqual(['chargeback']);
      expect(await reconcile(projectId)).toEqual([]);
    });

    it('refuses what it cannot dispute with the documented errors', async () => {
      const { projectId, pay } = await merchantWith({});
      const declined = await pay('1.00', '4000000000000002');
      expect(declined.status).toBe('failed');
      const expectError = async (
        answer: Promise<{ status: number; data: { error: { code: number } } }>,
        status: number,
        code: number,
      ) => {
        const { status: got, data } = await answer;
        expect([got, data.error.code]).toEqual([status, code]);
      };
      await expectError(dispute(declined.id, 'chargeback'), 405, 40504);
      await expectError(dispute(999_999_999, 'chargeback'), 404, 40403);
      await expectError(dispute('not-an-id', 'chargeback'), 404, 40403);
      const paid = await pay('2.00');
      await expectError(dispute(paid.id, 'retrieval'), 405, 40504);
      const unauthorised = await new AdminClient(stack.gatewayUrl!, 'wrong-token').request(
        'POST',
        `/admin/v1/sandbox/transactions/${paid.id}/chargeback`,
      );
      expect(unauthorised.status).toBe(401);

      // The project goes live: its payments are no longer open to sandbox operations.
      const patched = await admin.request('PATCH', `/admin/v1/projects/${projectId}`, {
        settings: { sandbox: false },
      });
      expect(patched.status).toBe(200);
      await eventually(
        async () =>
          (
            await queryStackDb<{ sandbox: boolean }>(
              stack,
              'payments',
              `SELECT (settings->>'sandbox')::boolean AS sandbox FROM project_snapshots
               WHERE id = $1`,
              [projectId],
            )
          )[0]?.sandbox === false,
        'the live project in payments',
      );
      await expectError(dispute(paid.id, 'chargeback'), 405, 40504);
      expect(await transactionsReferencing(paid.id)).toEqual([]);
      expect(await reconcile(projectId)).toEqual([]);
    });
  });

  describe('reconciliation (ADR 0021)', () => {
    const runCommand = async (projectId: number) => {
      const cli = path.join(findRepoRoot(), 'dist/tools/reconcile/src/cli.js');
      const args = [cli, '--project', String(projectId)];
      args.push('--payments-db', stack.databaseUrls.payments!);
      args.push('--payouts-db', stack.databaseUrls.payouts!);
      try {
        const { stdout } = await promisify(execFile)(process.execPath, args);
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code: number; stdout: string };
        return { code: failed.code, stdout: failed.stdout };
      }
    };

    it('finds no difference in any project of this suite, and the command exits 0', async () => {
      expect(projects.length).toBeGreaterThan(0);
      for (const projectId of projects) expect(await reconcile(projectId)).toEqual([]);
      const run = await runCommand(projects[0]);
      expect(run).toEqual({ code: 0, stdout: `project ${projects[0]}: 0 difference(s)\n` });
    });

    it('reports planted differences and the command exits 1', async () => {
      const { projectId, pay } = await merchantWith({});
      await pay('3.00');
      expect(await reconcile(projectId)).toEqual([]);
      const db = new Client({ connectionString: stack.databaseUrls.payments! });
      await db.connect();
      try {
        // The kept balance drifts from the journal, and a reservation appears without a payout.
        await db.query(
          `UPDATE merchant_available_balances SET available = available + 1 WHERE account = $1`,
          [`merchant:${projectId}:available`],
        );
        await db.query(
          `WITH entry AS (
             INSERT INTO journal_entries (project_id, kind) VALUES ($1, 'payout-reservation')
             RETURNING id)
           INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
           SELECT id, account, 'EUR', debit, credit FROM entry,
             (VALUES ($2, 50::bigint, 0::bigint), ($3, 0::bigint, 50::bigint)) AS l(account, debit, credit)`,
          [projectId, `merchant:${projectId}:available`, `merchant:${projectId}:payouts-reserved`],
        );
      } finally {
        await db.end();
      }
      const checks = (await reconcile(projectId)).map((d) => `${d.check} ${d.subject}`);
      expect(checks).toEqual([
        expect.stringMatching(/^entry-balances entry \d+ \(payout-reservation\)$/),
        `balance merchant:${projectId}:available EUR`,
        `payout-reservations merchant:${projectId}:payouts-reserved EUR`,
      ]);
      const run = await runCommand(projectId);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('kept balance 251 <> sum of postings 250');
      expect(run.stdout).toContain('account balance 50 <> open reservations 0');
      expect(run.stdout).toContain('belongs to no transaction and no payout');
      expect(run.stdout).toContain(`project ${projectId}: 3 difference(s)`);
    });
  });
});
