import { ConfigError } from './config-error';
import { EX_CONFIG, exitOnConfigError } from './exit-on-config-error';

class ExitCalled extends Error {}

describe('exitOnConfigError', () => {
  let stderr: jest.SpyInstance;
  let exit: jest.SpyInstance;

  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    exit = jest.spyOn(process, 'exit').mockImplementation(() => {
      throw new ExitCalled();
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const configError = new ConfigError('payments', ['A is required', 'B must be a port']);

  it('returns what the start-up function returns', () => {
    expect(exitOnConfigError(() => 42)).toBe(42);
    expect(exit).not.toHaveBeenCalled();
  });

  it('writes one line and exits with EX_CONFIG on a ConfigError', () => {
    expect(() =>
      exitOnConfigError(() => {
        throw configError;
      }),
    ).toThrow(ExitCalled);
    expect(stderr).toHaveBeenCalledWith(
      'Invalid configuration for payments: A is required; B must be a port\n',
    );
    expect(exit).toHaveBeenCalledWith(78);
    expect(EX_CONFIG).toBe(78);
  });

  it('handles a ConfigError of an async start-up function', async () => {
    await expect(exitOnConfigError(() => Promise.reject(configError))).rejects.toThrow(ExitCalled);
    expect(exit).toHaveBeenCalledWith(78);
  });

  it('lets other errors through untouched', async () => {
    const boom = new Error('boom');
    expect(() =>
      exitOnConfigError(() => {
        throw boom;
      }),
    ).toThrow(boom);
    await expect(exitOnConfigError(() => Promise.reject(boom))).rejects.toBe(boom);
    expect(exit).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });

  it('resolves with the value of an async start-up function', async () => {
    await expect(exitOnConfigError(() => Promise.resolve('app'))).resolves.toBe('app');
  });
});
