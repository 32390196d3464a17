import { APP_NAMES } from '@opp/local-stack';
import { parseArgs, UsageError } from './args';

describe('parseArgs', () => {
  it('reads the command and defaults to every app', () => {
    const defaults = { services: APP_NAMES, instances: {}, brokers: 1 };
    expect(parseArgs(['up'])).toEqual({ command: 'up', ...defaults });
    expect(parseArgs([])).toEqual({ command: 'help', ...defaults });
    expect(parseArgs(['start', '--help']).command).toBe('help');
  });

  it('takes a subset of apps, in the table order', () => {
    expect(parseArgs(['start', '--services', 'payments,api-gateway']).services).toEqual([
      'api-gateway',
      'payments',
    ]);
    expect(parseArgs(['up', '--services=notifier']).services).toEqual(['notifier']);
  });

  it('takes instance counts per app', () => {
    expect(parseArgs(['up', '--instances', 'api-gateway=2,payments=3']).instances).toEqual({
      'api-gateway': 2,
      payments: 3,
    });
    expect(parseArgs(['start', '--instances=payments=2']).instances).toEqual({ payments: 2 });
    expect(() => parseArgs(['up', '--instances', 'payments'])).toThrow(/app=N/);
    expect(() => parseArgs(['up', '--instances', 'gateway=2'])).toThrow(/app=N/);
    expect(() => parseArgs(['up', '--instances', 'payments=0'])).toThrow(/app=N/);
  });

  it('takes a broker count of 1 or 3', () => {
    expect(parseArgs(['up', '--brokers', '3']).brokers).toBe(3);
    expect(parseArgs(['start', '--brokers=1']).brokers).toBe(1);
    expect(() => parseArgs(['up', '--brokers', '2'])).toThrow(/1 or 3/);
  });

  it('refuses unknown commands, options and apps', () => {
    expect(() => parseArgs(['launch'])).toThrow(UsageError);
    expect(() => parseArgs(['up', '--fast'])).toThrow(/Unknown option/);
    expect(() => parseArgs(['up', '--services', 'gateway'])).toThrow(/Unknown app/);
    expect(() => parseArgs(['up', '--services'])).toThrow(/needs/);
  });
});
