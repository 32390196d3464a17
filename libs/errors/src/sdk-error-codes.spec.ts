import { ErrorCode as SdkErrorCode } from '@opp/sdk';
import { ErrorCode } from './error-code';

// The SDK is published on its own and depends on nothing of ours, so the catalogue lives there
// and the services import it (issue 36): one object, not two copies kept equal.
describe('the SDK error catalogue', () => {
  it('is the very object the services answer with', () => {
    expect(ErrorCode).toBe(SdkErrorCode);
  });

  it('holds every platform error code under the same name', () => {
    const missing = Object.entries(ErrorCode).filter(
      ([name, code]) => (SdkErrorCode as Record<string, number>)[name] !== code,
    );
    expect(missing).toEqual([]);
  });
});
