import { ErrorCode as SdkErrorCode } from '@opp/sdk';
import { ErrorCode } from './error-code';

// The SDK is published on its own and depends on nothing of ours, so it carries its own copy of
// the catalogue: every code the platform can answer must be there, under the same name.
describe('the SDK error catalogue', () => {
  it('holds every platform error code under the same name', () => {
    const missing = Object.entries(ErrorCode).filter(
      ([name, code]) => (SdkErrorCode as Record<string, number>)[name] !== code,
    );
    expect(missing).toEqual([]);
  });
});
