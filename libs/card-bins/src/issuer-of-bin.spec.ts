import { issuerOfBin } from './issuer-of-bin';

describe('issuerOfBin', () => {
  it('reads the issuer from the first 6 digits of a number or a BIN', () => {
    expect(issuerOfBin('5555555555554444').country).toBe('GB');
    expect(issuerOfBin('555555').country).toBe('GB');
    expect(issuerOfBin('520000').country).toBe('DE');
  });

  it('gives unknown BINs the sandbox default', () => {
    expect(issuerOfBin('999999')).toEqual({ bankName: 'Sandbox Bank', country: 'US' });
  });
});
