import { Topics } from '@opp/contracts';
import { eventually, queryStackDb } from '@opp/testing';
import { expectError, openCardSession, type CardSession } from '../support/card-session';

/**
 * ADR 0065: a charge is one hop (gateway -> payments). Payments finds who pays in its users read
 * model; only a user it does not know yet costs the second hop to users-recurring, as before. The
 * hops are counted by users-recurring's own handler metric for its request topic.
 */
describe('POST /v1/card/process asks users-recurring only for users payments does not know', () => {
  let session: CardSession;

  beforeAll(async () => {
    session = await openCardSession('charge one hop');
  }, 180_000);

  afterAll(async () => {
    await session?.stack.stop();
  });

  /** Requests users-recurring has handled (GetUser and ResolveUser), from its /metrics. */
  async function usersRequestsHandled(): Promise<number> {
    const text = await (
      await fetch(`${session.stack.services['users-recurring']!.url}/metrics`)
    ).text();
    const topic = Topics.usersRequests.name;
    return text
      .split('\n')
      .filter((line) => line.startsWith('opp_kafka_handler_duration_seconds_count{'))
      .filter((line) => line.includes(`topic="${topic}"`))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  }

  const inPayments = async (userId: string) =>
    (
      await queryStackDb(
        session.stack,
        'payments',
        'SELECT 1 FROM users_read_model WHERE id = $1',
        [userId],
      )
    ).length === 1;

  it('charges a known user by id and by User object without a hop to users-recurring', async () => {
    await eventually(() => inPayments(session.userId), 'the user in payments');
    const before = await usersRequestsHandled();

    const byId = await session.charge({ card: session.cardOf('4242424242424242') });
    const byObject = await session.charge({
      card: session.cardOf('4242424242424242'),
      user: { identifier: 'card-buyer', ip: '198.51.100.9', email: 'other@example.com' },
    });

    expect(byId.status).toBe(200);
    expect(byId.data).toMatchObject({
      status: 'completed',
      user: { id: session.userId, identifier: 'card-buyer', email: 'buyer@example.com' },
    });
    // A User object describes the user on this charge with the fields sent (as before).
    expect(byObject.status).toBe(200);
    expect(byObject.data).toMatchObject({
      status: 'completed',
      user: {
        id: session.userId,
        identifier: 'card-buyer',
        email: 'other@example.com',
        ip: '198.51.100.9',
      },
    });
    expect(await usersRequestsHandled()).toBe(before);
  });

  it('creates a new User object through users-recurring, once, and charges it', async () => {
    const before = await usersRequestsHandled();
    const answer = await session.charge({
      card: session.cardOf('4242424242424242'),
      user: { identifier: 'first-time-buyer', ip: '198.51.100.10' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'completed',
      user: { id: expect.stringMatching(/^\d+$/), identifier: 'first-time-buyer' },
    });
    expect(await usersRequestsHandled()).toBe(before + 1);
  });

  it('still answers 40406 for a user nobody knows', async () => {
    const before = await usersRequestsHandled();
    expectError(
      await session.charge({ card: session.cardOf('4242424242424242'), user: '999999999' }),
      40406,
    );
    // Unknown to payments' read model, so users-recurring had the last word.
    expect(await usersRequestsHandled()).toBe(before + 1);
  });
});
