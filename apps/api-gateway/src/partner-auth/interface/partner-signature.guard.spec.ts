import type { ExecutionContext } from '@nestjs/common';
import { signPartnerPayload } from '@opp/signature';
import type { PartnerDirectory } from '../../partner/application/partner-directory';
import type { Partner } from '../../partner/domain/partner';
import { PartnerAuthRefusal } from './partner-auth-refusal';
import type { PartnerRequest } from './partner-request';
import {
  PartnerBodySignatureGuard,
  PartnerGlobalIdSignatureGuard,
  PARTNER_HEADER,
  SIGNATURE_HEADER,
} from './partner-signature.guard';

const partner: Partner = {
  identifier: 'acme',
  projectId: 7,
  name: null,
  secret: 's3cret',
  version: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const directory = {
  byIdentifier: (identifier: string) => Promise.resolve(identifier === 'acme' ? partner : null),
} as PartnerDirectory;

type FakeRequest = PartnerRequest & {
  body?: unknown;
  rawBody?: Buffer;
  headers: Record<string, unknown>;
  params?: Record<string, string>;
};
const contextOf = (request: FakeRequest) =>
  ({ switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;

const refusal = async (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'allowed',
    (error: unknown) => (error instanceof PartnerAuthRefusal ? error.reason : error),
  );

describe('PartnerBodySignatureGuard (ADR 0004: the raw body is signed)', () => {
  const guard = new PartnerBodySignatureGuard(directory);
  const raw = JSON.stringify({ payload: { partner: { identifier: 'acme' } } });
  const post = (
    body: unknown,
    signature: unknown,
    rawBody: Buffer | undefined = Buffer.from(raw),
  ) => {
    const request: FakeRequest = { body, rawBody, headers: { [SIGNATURE_HEADER]: signature } };
    return { request, result: guard.canActivate(contextOf(request)) };
  };

  it('attaches the partner whose secret signed the raw body', async () => {
    const { request, result } = post(JSON.parse(raw), signPartnerPayload('s3cret', raw));
    await expect(result).resolves.toBe(true);
    expect(request.partner).toBe(partner);
  });

  it('refuses a wrong signature, an unknown or missing partner alike', async () => {
    expect(await refusal(post(JSON.parse(raw), signPartnerPayload('other', raw)).result)).toBe(
      'unauthorized',
    );
    const stranger = { payload: { partner: { identifier: 'nobody' } } };
    expect(await refusal(post(stranger, signPartnerPayload('s3cret', raw)).result)).toBe(
      'unauthorized',
    );
    expect(await refusal(post({}, signPartnerPayload('s3cret', raw)).result)).toBe('unauthorized');
    const long = { payload: { partner: { identifier: 'a'.repeat(129) } } };
    expect(await refusal(post(long, 'x').result)).toBe('unauthorized');
  });

  it('finds no partner in a body that is no JSON object', async () => {
    expect(await refusal(post([1], 'x').result)).toBe('unreadable-body');
    expect(await refusal(post(null, 'x').result)).toBe('unreadable-body');
    const withoutRawBody: FakeRequest = { body: {}, headers: { [SIGNATURE_HEADER]: 'x' } };
    expect(await refusal(guard.canActivate(contextOf(withoutRawBody)))).toBe('unreadable-body');
  });
});

describe('PartnerGlobalIdSignatureGuard (ADR 0004: the GlobalId is signed)', () => {
  const guard = new PartnerGlobalIdSignatureGuard(directory);
  const globalId = '2f1c6a6e-54a8-4d4b-9a43-0c2b3c1f9d10';
  const get = (identifier: unknown, signature: unknown) => {
    const request: FakeRequest = {
      headers: { [PARTNER_HEADER]: identifier, [SIGNATURE_HEADER]: signature },
      params: { globalId },
    };
    return { request, result: guard.canActivate(contextOf(request)) };
  };

  it('attaches the partner named in the header when it signed the GlobalId', async () => {
    const { request, result } = get('acme', signPartnerPayload('s3cret', globalId));
    await expect(result).resolves.toBe(true);
    expect(request.partner).toBe(partner);
  });

  it('refuses another signed value, a missing header or an unknown partner', async () => {
    expect(await refusal(get('acme', signPartnerPayload('s3cret', 'other')).result)).toBe(
      'unauthorized',
    );
    expect(await refusal(get(undefined, signPartnerPayload('s3cret', globalId)).result)).toBe(
      'unauthorized',
    );
    expect(await refusal(get('nobody', signPartnerPayload('s3cret', globalId)).result)).toBe(
      'unauthorized',
    );
  });
});
