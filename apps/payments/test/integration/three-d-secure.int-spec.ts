import {
  AuthenticateChargeV1Request,
  ProcessChargeV1Request,
  Topics,
  type ThreeDsChallengeV1,
  type TransactionRecordV1,
  type MessageEnvelope,
  type TransactionStatusChangedV1,
} from '@opp/contracts';
import { eventually } from '@opp/testing';
import { cardDataLeaks, ledgerAudit } from './card-data-audit';
import {
  sealedCardData,
  devHostedPageKeys,
  devKeyRing,
  errorCodeOf,
  PaymentsHarness,
  valueOf,
} from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

/**
 * ADR 0007: challenge, PaRes from the gateway's ACS page (built here with the shared key ring),
 * outcome.
 */
describe('payments: 3-D Secure', () => {
  let h: PaymentsHarness;
  let project: number;
  let events: MessageEnvelope[];

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments 3ds', ['payments']);
    project = await h.createProject();
    events = await h.collect(Topics.transactionEvents);
  });

  afterAll(async () => {
    await h?.stop();
  });

  const statusesOf = (id: number) =>
    events
      .map((e) => e.payload as TransactionStatusChangedV1)
      .filter((p) => p.transactionId === id)
      .map((p) => [p.status, p.callbackStatus ?? null]);

  const chargeCard = (number: string, fields: Parameters<typeof h.chargeCommand>[1] = {}) =>
    h.request(
      ProcessChargeV1Request,
      h.chargeCommand(project, { sealedCard: sealedCardData(project, number), ...fields }),
    );
  const paResFor = (md: string, status: 'Y' | 'N') =>
    devHostedPageKeys.encrypt(JSON.stringify({ md, status }));
  const authenticate = (md: string, paRes: string) =>
    h.request(AuthenticateChargeV1Request, { projectId: project, md, paRes });
  const challenged = async (number: string, fields = {}) => {
    const charge = valueOf(
      await chargeCard(number, { acsReturnUrl: 'https://shop.example/3ds-return', ...fields }),
    );
    expect(charge).toMatchObject({ status: 'authenticating' });
    // The challenge page's address is the gateway's to add (ADR 0031).
    expect(charge.threeDs).toEqual({
      md: expect.any(String),
      paReq: expect.any(String),
      termUrl: 'https://shop.example/3ds-return',
    });
    return charge as TransactionRecordV1 & { threeDs: ThreeDsChallengeV1 };
  };

  it('completes 4000000000003220 after a passed challenge, once', async () => {
    const charge = await challenged('4000000000003220');
    const md = charge.threeDs.md;
    const done = valueOf(await authenticate(md, paResFor(md, 'Y')));
    expect(done).toMatchObject({ id: charge.id, status: 'completed', threeDs: null });
    expect(errorCodeOf(await authenticate(md, paResFor(md, 'Y')))).toBe(40501);
    await eventually(() => statusesOf(charge.id).length === 2, 'both status events');
    expect(statusesOf(charge.id)).toEqual([
      ['authenticating', null],
      ['completed', 'completed'],
    ]);
  });

  it('makes a second authentication wait for the first, then answers 40501 and charges nothing', async () => {
    const charge = await challenged('4000000000003220');
    const md = charge.threeDs.md;
    // The test is the first authentication: it holds the charge and has not decided yet.
    const first = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      'SELECT 1 FROM transactions WHERE md = $1 FOR UPDATE',
      [md],
    );
    const second = authenticate(md, paResFor(md, 'Y'));
    await first.waitForBlocked('transactions').catch(async (error: unknown) => {
      await first.release();
      throw error;
    });
    await first.commit(`UPDATE transactions SET status = 'failed' WHERE md = $1`, [md]);
    expect(errorCodeOf(await second)).toBe(40501);
    const entries = await h.sql(`SELECT kind FROM journal_entries WHERE transaction_id = $1`, [
      charge.id,
    ]);
    expect(entries).toEqual([]);
  });

  it('fails the charge on a failed, forged or foreign PaRes', async () => {
    for (const paRes of [
      (md: string) => paResFor(md, 'N'),
      () => 'v1.dev.forged',
      () => paResFor('another-md', 'Y'),
      // Under the platform key ring, not the hosted-page keys: purposes do not share keys.
      (md: string) => devKeyRing.encrypt(JSON.stringify({ md, status: 'Y' })),
    ]) {
      const md = (await challenged('4000000000003220')).threeDs.md;
      expect(valueOf(await authenticate(md, paRes(md)))).toMatchObject({
        status: 'failed',
      });
    }
  });

  it('declines 4000008400001629 after a passed challenge', async () => {
    const charge = await challenged('4000008400001629');
    const md = charge.threeDs.md;
    expect(valueOf(await authenticate(md, paResFor(md, 'Y')))).toMatchObject({
      status: 'failed',
    });
  });

  it('challenges any card when asked (3ds=1) or forced by the project', async () => {
    await challenged('4242424242424242', { threeDs: true });
    const forced = await h.createProject({ force3ds: true });
    const charge = valueOf(
      await h.request(
        ProcessChargeV1Request,
        h.chargeCommand(forced, { sealedCard: sealedCardData(forced, '4242424242424242') }),
      ),
    );
    expect(charge.status).toBe('authenticating');
  });

  it('answers 40403 for an MD it does not know', async () => {
    expect(errorCodeOf(await authenticate('unknown-md', 'x'))).toBe(40403);
  });

  it('keeps the journal balanced and no card data in clear', async () => {
    const { unbalanced } = await ledgerAudit(h);
    expect(unbalanced).toEqual([]);
    const numbers = ['4000000000003220', '4000008400001629', '4242424242424242'];
    expect(await cardDataLeaks(h, numbers, ['737'])).toEqual([]);
  });
});
