import type { Stack } from '@opp/local-stack';
import { eventually, queryStackDb, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses, wait } from '../support/partner-client';

/**
 * The orchestrator is SIGKILLed while 50 trees of `wait` tasks are in flight: the timers are rows
 * (due_at), so after the restart every tree goes on from where it was and reaches FINISHED.
 */
describe('processing-orchestrator killed with 50 trees in flight', () => {
  let stack: Stack;
  let partner: PartnerClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing crash',
      services: ['api-gateway', 'processing-orchestrator'],
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'crash-partner'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('finishes every tree after the restart', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        partner.submit(
          partner.request([
            wait(1 + (i % 3) * 0.5, { success: [wait(1, { always: [wait(0.5)] })] }),
            wait(0.5),
          ]),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const ids: string[] = answers.map((a) => a.data.header.response.globalId);

    await stack.services['processing-orchestrator']!.kill();
    const [{ open }] = await queryStackDb<{ open: string }>(
      stack,
      'processing-orchestrator',
      `SELECT count(*) AS open FROM processing_requests WHERE status <> 'FINISHED'`,
    );
    expect(Number(open)).toBeGreaterThan(0);
    await stack.services['processing-orchestrator']!.restart();

    await eventually(
      async () => {
        const rows = await queryStackDb(
          stack,
          'processing-orchestrator',
          `SELECT 1 FROM processing_requests WHERE status = 'FINISHED' AND global_id = ANY($1::uuid[])`,
          [ids],
        );
        return rows.length === 50;
      },
      'all 50 trees FINISHED',
      60_000,
      250,
    );
    for (const globalId of ids.slice(0, 5)) {
      const { data } = await partner.status(globalId);
      expect(taskStatuses(data)).toEqual({
        '0': 'SUCCESS',
        '0.success.0': 'SUCCESS',
        '0.success.0.always.0': 'SUCCESS',
        '1': 'SUCCESS',
      });
    }
    const finishedEvents = await queryStackDb(
      stack,
      'processing-orchestrator',
      `SELECT 1 FROM outbox_messages WHERE message_type = 'processing.request-finished.v1'`,
    );
    expect(finishedEvents).toEqual([]); // every request-finished event was relayed
  });
});
