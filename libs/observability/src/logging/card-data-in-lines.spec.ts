import { createLogger } from './create-logger';
import { scrubLogLine, scrubString } from './scrub';
import { TestLogSink } from './test-log-sink';

// Build 2 of ADR 0064: every card number is masked in every line, whatever its key, however deep,
// however written; parameters are judged by their decoded names.
const PAN = '4111111111111111';

function setup() {
  const sink = new TestLogSink();
  return { sink, logger: createLogger({ service: 'gateway', level: 'debug' }, sink) };
}

function deep(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { inner: value };
  return value;
}

describe('no card number in any log line (ADR 0064)', () => {
  it('masks a card number nested deeper than the scrubber walks', () => {
    const { sink, logger } = setup();
    logger.info({ data: deep(20, `pan ${PAN}`) });
    expect(sink.raw.join('')).not.toContain(PAN);
    expect(sink.raw.join('')).toContain('411111******1111');
  });

  it('masks a card number sent as a JSON number, as a key and with any separator of ADR 0064', () => {
    const { sink, logger } = setup();
    logger.info({ order: 4111111111111111, [PAN]: 'x', note: '4111_1111_1111_1111' });
    logger.info({ list: [deep(12, 5555555555554444)] }, 'card 4111/1111/1111/1111');
    const text = sink.raw.join('\n');
    for (const clear of [PAN, '5555555555554444', '4111_1111', '4111/1111']) {
      expect(text).not.toContain(clear);
    }
    expect(sink.lines).toHaveLength(2); // still JSON
  });

  it('masks what a child logger binds', () => {
    const { sink, logger } = setup();
    logger.child({ requestId: PAN }).info('bound');
    expect(sink.raw.join('')).not.toContain(PAN);
  });

  it('redacts a parameter whose name is percent-encoded (M1)', () => {
    expect(scrubString('GET /v1/card/getToken?security%5Fcode=4321&a=1')).toBe(
      'GET /v1/card/getToken?security%5Fcode=[REDACTED]&a=1',
    );
    expect(scrubString('body: sec%75rity_code=4321&n=1')).toBe(
      'body: sec%75rity_code=[REDACTED]&n=1',
    );
    expect(scrubString('q=4111%201111%201111%201111')).toBe('q=411111******1111');
  });

  it('keeps a line that holds no card number as it is', () => {
    const line = '{"level":"info","time":"2026-01-01T00:00:00.000Z","n":1234567890123,"msg":"ok"}';
    expect(scrubLogLine(line)).toBe(line);
  });
});
