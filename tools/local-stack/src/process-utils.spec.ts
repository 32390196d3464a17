import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isAlive, readPidFile, residentMemoryMb, tailFile } from './process-utils';

describe('process utilities', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-ls-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('never treats 0 or negative pids (process groups) as a process', () => {
    expect(isAlive(0)).toBe(false);
    expect(isAlive(-1)).toBe(false);
    expect(isAlive(process.pid)).toBe(true);
  });

  it('reads pid files and ignores garbage', () => {
    fs.writeFileSync(path.join(dir, 'ok.pid'), '1234\n');
    fs.writeFileSync(path.join(dir, 'bad.pid'), 'abc');
    expect(readPidFile(path.join(dir, 'ok.pid'))).toBe(1234);
    expect(readPidFile(path.join(dir, 'bad.pid'))).toBeUndefined();
    expect(readPidFile(path.join(dir, 'missing.pid'))).toBeUndefined();
  });

  it('tails a log file', () => {
    fs.writeFileSync(path.join(dir, 'a.log'), 'one\ntwo\nthree\n');
    expect(tailFile(path.join(dir, 'a.log'), 2)).toBe('two\nthree');
    expect(tailFile(path.join(dir, 'none.log'))).toMatch(/no log/);
  });

  it('reads the resident memory of this process', () => {
    if (process.platform === 'linux') expect(residentMemoryMb(process.pid)).toBeGreaterThan(1);
  });
});
