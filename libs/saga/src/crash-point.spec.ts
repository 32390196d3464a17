import { crashPoint } from './crash-point';

describe('crashPoint (ADR 0060)', () => {
  const env = { ...process.env };
  let kill: jest.SpyInstance;

  beforeEach(() => {
    kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
  });

  afterEach(() => {
    kill.mockRestore();
    process.env = { ...env };
  });

  it('SIGKILLs the process at the armed point only', () => {
    process.env.NODE_ENV = 'test';
    process.env.OPP_CRASH_AT = 'flow.step-1';
    crashPoint('flow.step-2');
    expect(kill).not.toHaveBeenCalled();
    crashPoint('flow.step-1');
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
  });

  it('never fires under NODE_ENV=production, whatever OPP_CRASH_AT says', () => {
    process.env.NODE_ENV = 'production';
    process.env.OPP_CRASH_AT = 'flow.step-1';
    crashPoint('flow.step-1');
    expect(kill).not.toHaveBeenCalled();
  });

  it('does nothing when no point is armed', () => {
    process.env.NODE_ENV = 'test';
    delete process.env.OPP_CRASH_AT;
    crashPoint('flow.step-1');
    expect(kill).not.toHaveBeenCalled();
  });
});
