import { randomUUID } from 'node:crypto';
import { ProcessChargeV1Request, TokenizeCardV1Request } from '@opp/contracts';
import { errorCodeOf, PaymentsHarness, sealedCardData, valueOf } from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

/**
 * ADR 0014: within a project an order id names at most one live payment, decided by the database
 * (a partial unique index), refused 405 40501 with nothing charged; a declined order may be paid.
 */
describe('payments: one live payment per order id', () => {
  let h: PaymentsHarness;
  let project: number;

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments live orders', ['payments']);
    project = await h.createProject();
  });

  afterAll(async () => {
    await h?.stop();
  });

  const charge = (orderId: string, number = '4242424242424242', fields = {}) =>
    h.request(
      ProcessChargeV1Request,
      h.chargeCommand(project, {
        sealedCard: sealedCardData(project, number),
        orderId,
        ...fields,
      }),
    );
  const rowsOf = async (orderId: string) =>
    h.sql<{ id: string; status: string }>(
      `SELECT id, status FROM transactions WHERE project_id = $1 AND order_id = $2 ORDER BY id`,
      [project, orderId],
    );
  const journalLines = async () =>
    Number((await h.sql<{ n: string }>(`SELECT count(*) AS n FROM journal_lines`))[0].n);
  /** Committed inbox records whose stored answer is 40501 naming this payment. */
  const storedRefusalsNaming = async (id: number) =>
    Number(
      (
        await h.sql<{ n: string }>(
          `SELECT count(*) AS n FROM inbox_messages
           WHERE result::text LIKE '%40501%' AND result::text LIKE $1`,
          [`%names transaction ${id}"%`],
        )
      )[0].n,
    );

  it('refuses a second payment of a paid order with 40501 naming it, and charges nothing', async () => {
    const orderId = `o-${randomUUID()}`;
    const paid = valueOf(await charge(orderId));
    expect(paid.status).toBe('completed');
    const lines = await journalLines();
    const again = await charge(orderId, '5555555555554444');
    expect(errorCodeOf(again)).toBe(40501);
    expect(again.ok ? '' : again.error.message).toContain(String(paid.id));
    expect(await rowsOf(orderId)).toEqual([{ id: String(paid.id), status: 'completed' }]);
    expect(await journalLines()).toBe(lines);
  });

  it('lets a declined order be paid again, and then no more', async () => {
    const orderId = `o-${randomUUID()}`;
    expect(valueOf(await charge(orderId, '4000000000000002')).status).toBe('failed');
    expect(valueOf(await charge(orderId, '4000000000009995')).status).toBe('failed');
    const paid = valueOf(await charge(orderId));
    expect(paid.status).toBe('completed');
    expect(errorCodeOf(await charge(orderId))).toBe(40501);
    expect((await rowsOf(orderId)).map((r) => r.status)).toEqual(['failed', 'failed', 'completed']);
  });

  it('counts a payment waiting for 3-D Secure as live', async () => {
    const orderId = `o-${randomUUID()}`;
    expect(valueOf(await charge(orderId, '4000000000003220')).status).toBe('authenticating');
    expect(errorCodeOf(await charge(orderId))).toBe(40501);
  });

  it('leaves card verifications and other orders alone', async () => {
    const orderId = `o-${randomUUID()}`;
    valueOf(await charge(orderId));
    expect(valueOf(await charge(orderId, '4242424242424242', { verifyCard: true })).status).toBe(
      'verified',
    );
    expect(valueOf(await charge(`o-${randomUUID()}`)).status).toBe('completed');
  });

  /**
   * Deterministic race: the test's own transaction makes an earlier, failed payment of the order
   * live again without committing, as a concurrent charge that got there first would be. The
   * service's charge must wait on the unique index, then lose when that one commits.
   */
  const raceAgainstUncommittedLive = async (
    finish: 'commit' | 'rollback',
    loser: (orderId: string) => ReturnType<typeof charge> = (orderId) => charge(orderId),
  ) => {
    const orderId = `o-${randomUUID()}`;
    const first = valueOf(await charge(orderId, '4000000000000002'));
    const lines = await journalLines();
    const holder = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      `UPDATE transactions SET status = 'processing', original_status = 'processing'
       WHERE id = $1 RETURNING id`,
      [first.id],
    );
    try {
      const pending = loser(orderId);
      await holder.waitForBlocked('transactions');
      if (finish === 'commit') await holder.commit();
      else await holder.release();
      return { first, answer: await pending, orderId, lines };
    } finally {
      await holder.release();
    }
  };

  it('refuses the charge that waited on an uncommitted live payment of its order', async () => {
    const { first, answer, orderId, lines } = await raceAgainstUncommittedLive('commit');
    expect(errorCodeOf(answer)).toBe(40501);
    expect(answer.ok ? '' : answer.error.message).toContain(String(first.id));
    expect(await rowsOf(orderId)).toEqual([{ id: String(first.id), status: 'processing' }]);
    expect(await journalLines()).toBe(lines);
    // Answered without a savepoint or an error (ADR 0065): the inbox transaction committed.
    expect(await storedRefusalsNaming(first.id)).toBe(1);
  });

  it('leaves a temporary token usable when its charge loses the order race', async () => {
    const token = valueOf(
      await h.request(TokenizeCardV1Request, {
        projectId: project,
        sealedCard: sealedCardData(project, '5555555555554444'),
      }),
    );
    const { answer } = await raceAgainstUncommittedLive('commit', (orderId) =>
      h.request(ProcessChargeV1Request, h.chargeCommand(project, { cardToken: token.id, orderId })),
    );
    expect(errorCodeOf(answer)).toBe(40501);
    const [stored] = await h.sql<{ used_at: Date | null; code: string | null }>(
      `SELECT used_at, security_code_encrypted AS code FROM card_tokens WHERE id = $1`,
      [token.id],
    );
    expect(stored.used_at).toBeNull();
    expect(stored.code).not.toBeNull();
    const paid = await h.request(
      ProcessChargeV1Request,
      h.chargeCommand(project, { cardToken: token.id, orderId: `o-${randomUUID()}` }),
    );
    expect(valueOf(paid).status).toBe('completed');
  });

  it('charges once the uncommitted payment of its order rolls back', async () => {
    const { answer, orderId } = await raceAgainstUncommittedLive('rollback');
    expect(valueOf(answer).status).toBe('completed');
    expect((await rowsOf(orderId)).map((r) => r.status)).toEqual(['failed', 'completed']);
  });

  /**
   * ADR 0065: the unique (project, idempotency key) decides between concurrent deliveries of one
   * request. The test's own transaction gives an earlier payment this request's key without
   * committing, as a concurrent delivery that got there first would; the service's delivery finds
   * nothing, charges, then waits on that row at its insert and answers the first's result.
   */
  const raceAgainstUncommittedRequest = async (finish: 'commit' | 'rollback') => {
    const first = valueOf(await charge(`o-${randomUUID()}`));
    const lines = await journalLines();
    const key = randomUUID();
    const holder = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      `UPDATE transactions SET idempotency_key = $2 WHERE id = $1 RETURNING id`,
      [first.id, key],
    );
    try {
      const command = h.chargeCommand(project, {
        sealedCard: sealedCardData(project, '5555555555554444'),
        idempotencyKey: key,
      });
      const pending = h.request(ProcessChargeV1Request, command);
      await holder.waitForBlocked('transactions');
      if (finish === 'commit') await holder.commit();
      else await holder.release();
      return { first, answer: await pending, lines };
    } finally {
      await holder.release();
    }
  };

  it("answers a concurrent delivery of the same request with the first one's result", async () => {
    const { first, answer, lines } = await raceAgainstUncommittedRequest('commit');
    expect(valueOf(answer)).toMatchObject({ id: first.id, status: 'completed' });
    expect(await journalLines()).toBe(lines);
  });

  it('charges a delivery whose concurrent first one rolled back', async () => {
    const { first, answer, lines } = await raceAgainstUncommittedRequest('rollback');
    const charged = valueOf(answer);
    expect(charged.id).not.toBe(first.id);
    expect(charged.status).toBe('completed');
    expect(await journalLines()).toBeGreaterThan(lines);
  });
});
