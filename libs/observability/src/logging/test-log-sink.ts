import { Writable } from 'node:stream';

/** Collects pino's output lines so specs can assert on the parsed JSON. */
export class TestLogSink extends Writable {
  readonly raw: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }

  get lines(): Record<string, unknown>[] {
    return this.raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  last(): Record<string, unknown> {
    const all = this.lines;
    return all[all.length - 1];
  }
}
