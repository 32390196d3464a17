import { randomUUID } from 'node:crypto';
import {
  NotifierTaskCommandV1Message,
  RequestFinishedV1Message,
  type TaskCommandV1,
} from '@opp/contracts';
import type { Stack } from '@opp/local-stack';
import { newEnvelope } from '@opp/messaging';
import { verifyPartnerSignature } from '@opp/signature';
import {
  AdminClient,
  CaptureServer,
  eventually,
  SmtpCaptureServer,
  startTestStack,
} from '@opp/testing';
import { NotifierTestKit } from './notifier-test-kit';

describe('partner notifications (D4) and the message.send task function (D5)', () => {
  let stack: Stack;
  let kit: NotifierTestKit;
  let partnerSite: CaptureServer;
  let smtp: SmtpCaptureServer;
  let partner: { identifier: string; secret: string; projectId: number };

  beforeAll(async () => {
    partnerSite = await CaptureServer.start();
    smtp = await SmtpCaptureServer.start();
    stack = await startTestStack({
      suite: 'notifier partners',
      services: ['api-gateway', 'notifier'],
      extraEnv: {
        DELIVERY_RETRY_SCHEDULE: '200ms,200ms',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'OPP Test <noreply@opp.test>',
      },
    });
    kit = new NotifierTestKit(stack);
    await kit.readTaskResults();
    const admin = new AdminClient(stack.gatewayUrl!);
    const project = await admin.createProject();
    partner = await admin.createPartner(project.id, 'acme-partner');
    await kit.waitForPartner(partner.identifier);
  });

  afterAll(async () => {
    await kit?.close();
    await stack?.stop();
    await partnerSite?.stop();
    await smtp?.stop();
  });

  describe('notifications when a processing request finishes', () => {
    it('calls a GET target with ?globalId=<id>, signed over that query string', async () => {
      const globalId = randomUUID();
      await kit.publish(RequestFinishedV1Message, globalId, {
        globalId,
        partnerIdentifier: partner.identifier,
        targets: [{ type: 'URL', uri: partnerSite.url('/notify/get'), method: 'GET' }],
        finishedAt: new Date().toISOString(),
      });
      const [call] = await partnerSite.waitFor('/notify/get');
      expect(call.method).toBe('GET');
      expect(call.rawQuery).toBe(`globalId=${globalId}`);
      expect(call.body).toBe('');
      const signature = call.headers['x-opp-signature'];
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(verifyPartnerSignature(partner.secret, call.rawQuery, signature)).toBe(true);
    });

    it('POSTs exactly globalId=<id> as a form body to each POST target, signed', async () => {
      const globalId = randomUUID();
      await kit.publish(RequestFinishedV1Message, globalId, {
        globalId,
        partnerIdentifier: partner.identifier,
        targets: [
          { type: 'URL', uri: partnerSite.url('/notify/post'), method: 'POST' },
          { type: 'URL', uri: partnerSite.url('/notify/post-2'), method: 'POST' },
        ],
        finishedAt: new Date().toISOString(),
      });
      for (const path of ['/notify/post', '/notify/post-2']) {
        const [call] = await partnerSite.waitFor(path);
        expect(call.method).toBe('POST');
        expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
        expect(call.body).toBe(`globalId=${globalId}`);
        expect(
          verifyPartnerSignature(partner.secret, call.body, call.headers['x-opp-signature']),
        ).toBe(true);
        expect(
          verifyPartnerSignature('another-secret', call.body, call.headers['x-opp-signature']),
        ).toBe(false);
      }
    });

    it('retries a notification like any delivery', async () => {
      partnerSite.respond('/notify/flaky', (_request, n) => (n === 1 ? 502 : 204));
      const globalId = randomUUID();
      await kit.publish(RequestFinishedV1Message, globalId, {
        globalId,
        partnerIdentifier: partner.identifier,
        targets: [{ type: 'URL', uri: partnerSite.url('/notify/flaky'), method: 'POST' }],
        finishedAt: new Date().toISOString(),
      });
      const calls = await partnerSite.waitFor('/notify/flaky', 2);
      expect(calls.map((c) => c.headers['x-opp-signature'])).toEqual([
        calls[0].headers['x-opp-signature'],
        calls[0].headers['x-opp-signature'],
      ]);
      await eventually(
        async () =>
          (
            await kit.query(
              `SELECT 1 FROM deliveries WHERE subject = $1 AND status = 'succeeded' AND attempts = 2`,
              [globalId],
            )
          ).length === 1,
        'the notification to succeed on its second attempt',
      );
    });

    it('notifies each target once when the event is delivered twice', async () => {
      const globalId = randomUUID();
      const finished = {
        globalId,
        partnerIdentifier: partner.identifier,
        targets: [
          {
            type: 'URL' as const,
            uri: partnerSite.url('/notify/twice-a'),
            method: 'POST' as const,
          },
          {
            type: 'URL' as const,
            uri: partnerSite.url('/notify/twice-b'),
            method: 'POST' as const,
          },
        ],
        finishedAt: new Date().toISOString(),
      };
      const sent = await kit.publish(RequestFinishedV1Message, globalId, finished);
      await kit.publish(RequestFinishedV1Message, globalId, finished, sent);
      // Another request's event under the same key (same partition) is handled after both copies.
      const after = randomUUID();
      await kit.publish(RequestFinishedV1Message, globalId, {
        ...finished,
        globalId: after,
        targets: [{ type: 'URL', uri: partnerSite.url('/notify/twice-after'), method: 'POST' }],
      });
      await partnerSite.waitFor('/notify/twice-after');
      expect(
        await kit.query(`SELECT dedupe_key FROM deliveries WHERE subject = $1 ORDER BY 1`, [
          globalId,
        ]),
      ).toEqual([
        { dedupe_key: `notification:${globalId}:0` },
        { dedupe_key: `notification:${globalId}:1` },
      ]);
      await partnerSite.waitFor('/notify/twice-a');
      await partnerSite.waitFor('/notify/twice-b');
      expect(partnerSite.requests('/notify/twice-a')).toHaveLength(1);
      expect(partnerSite.requests('/notify/twice-b')).toHaveLength(1);
    });
  });

  /**
   * ADR 0065: the notifier keeps what it read of a partner, and drops it when a partner snapshot
   * changes. A partner's stored secret is swapped for another partner's in the notifier's own
   * copy: a notification signed with the old secret was served from memory; one signed with the
   * new secret read the snapshot again.
   */
  describe('the partner as read for notifications', () => {
    let cached: { identifier: string; secret: string };
    let other: { identifier: string; secret: string };
    let own: string;

    beforeAll(async () => {
      const admin = new AdminClient(stack.gatewayUrl!);
      const project = await admin.createProject();
      cached = await admin.createPartner(project.id, 'cache-partner');
      other = await admin.createPartner(project.id, 'other-partner');
      await kit.waitForPartner(cached.identifier);
      await kit.waitForPartner(other.identifier);
      own = await secretStoredFor(cached.identifier);
    });

    afterEach(async () => {
      await kit.query(`ALTER TABLE partner_snapshots ENABLE TRIGGER partner_snapshots_changed`);
      await kit.query(`UPDATE partner_snapshots SET secret_encrypted = $2 WHERE identifier = $1`, [
        cached.identifier,
        own,
      ]);
    });

    const secretStoredFor = async (identifier: string): Promise<string> => {
      const [row] = await kit.query<{ secret_encrypted: string }>(
        `SELECT secret_encrypted FROM partner_snapshots WHERE identifier = $1`,
        [identifier],
      );
      return row.secret_encrypted;
    };

    /** Notifies `cached`'s partner of a new request; answers the secret its signature verifies with. */
    const notifiedWith = async (path: string): Promise<'own' | 'other' | 'neither'> => {
      const globalId = randomUUID();
      await kit.publish(RequestFinishedV1Message, globalId, {
        globalId,
        partnerIdentifier: cached.identifier,
        targets: [{ type: 'URL', uri: partnerSite.url(path), method: 'POST' }],
        finishedAt: new Date().toISOString(),
      });
      const call = (await partnerSite.waitFor(path)).find((c) => c.body === `globalId=${globalId}`);
      const signature = call?.headers['x-opp-signature'] ?? '';
      if (verifyPartnerSignature(cached.secret, `globalId=${globalId}`, signature)) return 'own';
      if (verifyPartnerSignature(other.secret, `globalId=${globalId}`, signature)) return 'other';
      return 'neither';
    };

    it('reads a partner once: a change that notifies no instance is not seen', async () => {
      expect(await notifiedWith('/notify/cache-1')).toBe('own');
      await kit.query(`ALTER TABLE partner_snapshots DISABLE TRIGGER partner_snapshots_changed`);
      await kit.query(`UPDATE partner_snapshots SET secret_encrypted = $2 WHERE identifier = $1`, [
        cached.identifier,
        await secretStoredFor(other.identifier),
      ]);
      expect(await notifiedWith('/notify/cache-2')).toBe('own');
    });

    it('reads the partner again once a partner snapshot changed', async () => {
      expect(await notifiedWith('/notify/cache-3')).toBe('own');
      await kit.query(`UPDATE partner_snapshots SET secret_encrypted = $2 WHERE identifier = $1`, [
        cached.identifier,
        await secretStoredFor(other.identifier),
      ]);
      // The drop travels by NOTIFY, the next event by Kafka: the first may come second. Well
      // within the copies' 60 s safety limit, so only the drop can make this pass.
      let n = 0;
      await eventually(
        async () => (await notifiedWith(`/notify/cache-4-${n++}`)) === 'other',
        'a notification signed with the changed secret',
        15_000,
        200,
      );
    });
  });

  describe('message.send', () => {
    const command = (payload: Record<string, unknown>, fn = 'message.send'): TaskCommandV1 => ({
      taskId: randomUUID(),
      globalId: randomUUID(),
      function: fn as TaskCommandV1['function'],
      projectId: partner.projectId,
      partnerIdentifier: partner.identifier,
      payload,
    });

    const send = (c: TaskCommandV1) => kit.publish(NotifierTaskCommandV1Message, c.taskId, c);

    it('POSTs a webhook as JSON and reports SUCCESS', async () => {
      const c = command({
        channel: 'webhook',
        to: partnerSite.url('/hook'),
        subject: 'Payment',
        text: 'Your payment went through',
      });
      await send(c);
      const [call] = await partnerSite.waitFor('/hook');
      expect(call.method).toBe('POST');
      expect(call.headers['content-type']).toBe('application/json');
      expect(JSON.parse(call.body)).toEqual({
        globalId: c.globalId,
        taskId: c.taskId,
        subject: 'Payment',
        text: 'Your payment went through',
      });
      const [result] = await kit.waitForResult(c.taskId);
      expect(result).toMatchObject({
        taskId: c.taskId,
        globalId: c.globalId,
        outcome: 'SUCCESS',
        data: { channel: 'webhook', to: partnerSite.url('/hook') },
      });
    });

    it('sends an e-mail through SMTP and reports SUCCESS', async () => {
      const c = command({
        channel: 'email',
        to: 'buyer@example.com',
        subject: 'Payment received',
        text: 'Thank you for your order',
      });
      await send(c);
      const [mail] = await smtp.waitFor(1);
      expect(mail.to).toEqual(['buyer@example.com']);
      expect(mail.from).toBe('noreply@opp.test');
      expect(mail.header('subject')).toBe('Payment received');
      expect(mail.body).toContain('Thank you for your order');
      const [result] = await kit.waitForResult(c.taskId);
      expect(result).toMatchObject({
        outcome: 'SUCCESS',
        data: { channel: 'email', to: 'buyer@example.com' },
      });
    });

    it('sends once when the command is delivered twice', async () => {
      const c = command({ channel: 'webhook', to: partnerSite.url('/hook-once'), text: 'once' });
      const first = newEnvelope(NotifierTaskCommandV1Message, c.taskId, c);
      await kit.publish(NotifierTaskCommandV1Message, c.taskId, c, first);
      await kit.publish(NotifierTaskCommandV1Message, c.taskId, c, first);
      const resent = await send(c); // the same task in a new envelope
      await eventually(
        async () =>
          (
            await kit.query(
              `SELECT 1 FROM inbox_messages WHERE consumer = 'notifier' AND message_id = ANY($1::uuid[])`,
              [[first.id, resent.id]],
            )
          ).length === 2,
        'both commands applied',
      );
      await eventually(
        async () =>
          (
            await kit.query(
              `SELECT 1 FROM deliveries WHERE subject = $1 AND status = 'succeeded'`,
              [c.taskId],
            )
          ).length === 1,
        'the webhook delivered',
      );
      expect(
        await kit.query('SELECT id FROM deliveries WHERE subject = $1', [c.taskId]),
      ).toHaveLength(1);
      expect(partnerSite.requests('/hook-once')).toHaveLength(1);
      const results = await kit.waitForResult(c.taskId);
      expect(new Set(results.map((r) => r.outcome))).toEqual(new Set(['SUCCESS']));
    });

    it('fails the task at once on an invalid payload, and an unknown function', async () => {
      const invalid = command({ channel: 'pigeon', to: 'x', text: 'y' });
      await send(invalid);
      const [result] = await kit.waitForResult(invalid.taskId);
      expect(result).toMatchObject({ outcome: 'FAIL', reason: expect.stringMatching(/channel/) });

      const other = command({}, 'wait');
      await send(other);
      const [refused] = await kit.waitForResult(other.taskId);
      expect(refused).toMatchObject({ outcome: 'FAIL', reason: expect.stringMatching(/wait/) });
    });

    it('fails the task when its delivery is dead', async () => {
      partnerSite.respond('/hook-down', 500);
      const c = command({ channel: 'webhook', to: partnerSite.url('/hook-down'), text: 'lost' });
      await send(c);
      const [result] = await kit.waitForResult(c.taskId);
      expect(result).toMatchObject({
        outcome: 'FAIL',
        reason: 'message not delivered: HTTP 500',
      });
      expect(partnerSite.requests('/hook-down')).toHaveLength(3);
    });
  });
});
