/**
 * Why a partner request was not authenticated (ADR 0004). The processing API renders it in its own
 * error shape: an unreadable body is a bad request, anything else 401 without saying which part
 * (partner, identifier or signature) was wrong.
 */
export class PartnerAuthRefusal extends Error {
  override readonly name = 'PartnerAuthRefusal';

  private constructor(readonly reason: 'unreadable-body' | 'unauthorized') {
    super(reason === 'unauthorized' ? 'partner not authenticated' : 'body is not a JSON object');
  }

  static unreadableBody(): PartnerAuthRefusal {
    return new PartnerAuthRefusal('unreadable-body');
  }

  static unauthorized(): PartnerAuthRefusal {
    return new PartnerAuthRefusal('unauthorized');
  }
}
