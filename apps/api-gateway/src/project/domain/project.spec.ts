import { DEFAULT_PROJECT_SETTINGS, verifyingKeys, withSettings, type Project } from './project';

describe('withSettings', () => {
  it('changes only the settings given, even when absent ones are present as undefined', () => {
    const changes = { force3ds: true, feePercent: undefined, sandbox: undefined };
    expect(withSettings(DEFAULT_PROJECT_SETTINGS, changes)).toEqual({
      ...DEFAULT_PROJECT_SETTINGS,
      force3ds: true,
    });
  });
});

describe('verifyingKeys', () => {
  const project = {
    privateKey: 'new',
    previousPrivateKey: 'old',
    previousKeyExpiresAt: new Date('2026-01-02T00:00:00Z'),
  } as Project;

  it('accepts the previous key during its grace period only', () => {
    expect(verifyingKeys(project, new Date('2026-01-01T00:00:00Z'))).toEqual(['new', 'old']);
    expect(verifyingKeys(project, new Date('2026-01-03T00:00:00Z'))).toEqual(['new']);
  });
});
