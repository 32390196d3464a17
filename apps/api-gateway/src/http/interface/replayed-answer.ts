/**
 * A replay of an earlier answer (ADR 0014): thrown by the replay guard so that the exception
 * filter sends the stored status and body text byte for byte, past every serializer; a success
 * and a refusal are replayed alike.
 */
export class ReplayedAnswer extends Error {
  override readonly name = 'ReplayedAnswer';

  constructor(readonly answer: { status: number; body: string }) {
    super(`replay of an earlier ${answer.status} answer`);
  }
}

/** The exact text a JSON answer is sent as (Fastify's default serializer is JSON.stringify). */
export const answerText = (body: unknown): string => JSON.stringify(body ?? null);
