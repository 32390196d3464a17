import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { MessageHeaders, UserCreatedV1Message } from '@opp/contracts';
import { newEnvelope } from './envelope-factory';
import { decodeMessage } from './message-decoder';

const kafkaMessage = (value: unknown, headers: KafkaMessage['headers'] = {}): KafkaMessage => ({
  key: Buffer.from('k'),
  value:
    value === undefined
      ? null
      : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  headers,
  offset: '0',
  timestamp: '0',
  attributes: 0,
});

const userCreated = {
  id: '7',
  projectId: 1,
  identifier: 'u-7',
  createdAt: new Date().toISOString(),
};

describe('decodeMessage', () => {
  it('decodes an envelope and validates its payload against the contract', () => {
    const decoded = decodeMessage(
      kafkaMessage(newEnvelope(UserCreatedV1Message, '7', userCreated)),
    );
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && decoded.validatePayload().ok).toBe(true);
  });

  it('reports a payload that breaks the contract', () => {
    const envelope = newEnvelope(UserCreatedV1Message, '7', { ...userCreated, projectId: -1 });
    const decoded = decodeMessage(kafkaMessage(envelope));
    const validated = decoded.ok ? decoded.validatePayload() : undefined;
    expect(validated?.ok).toBe(false);
  });

  it('refuses an unknown message type at payload validation', () => {
    const envelope = { ...newEnvelope(UserCreatedV1Message, '7', userCreated), type: 'nope.v1' };
    const decoded = decodeMessage(kafkaMessage(envelope));
    expect(decoded.ok && decoded.validatePayload()).toEqual({
      ok: false,
      problems: ['unknown message type nope.v1'],
    });
  });

  it.each([
    ['no value', undefined, 'empty message value'],
    ['text that is not JSON', '{oops', 'message value is not JSON'],
  ])('refuses %s', (_, value, problem) => {
    expect(decodeMessage(kafkaMessage(value))).toEqual({ ok: false, problems: [problem] });
  });

  it('reads the reply topic of a request', () => {
    const envelope = newEnvelope(UserCreatedV1Message, '7', userCreated);
    const decoded = decodeMessage(
      kafkaMessage(envelope, { [MessageHeaders.replyTopic]: Buffer.from('replies') }),
    );
    expect(decoded.ok && decoded.replyTopic).toBe('replies');
  });
});

describe('newEnvelope', () => {
  it('refuses a message without a key', () => {
    expect(() => newEnvelope(UserCreatedV1Message, '', userCreated)).toThrow(/needs a key/);
  });

  it('carries correlation and causation ids', () => {
    const causationId = randomUUID();
    const envelope = newEnvelope(UserCreatedV1Message, '7', userCreated, {
      correlationId: 'req-1',
      causationId,
    });
    expect(envelope).toMatchObject({ key: '7', correlationId: 'req-1', causationId });
  });
});
