import { randomUUID } from 'node:crypto';
import type { SubmitProcessingV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import type { ProcessingRequest } from '../../domain/processing-request';
import type { ClaimedRequestId, RequestIdClaim } from '../../domain/request-id-reuse';
import { PartnerRequestIds } from '../partner-request-ids';
import type { ProcessingMetrics } from '../processing-metrics';
import { ProcessingOutbox } from '../processing-outbox';
import { ProcessingRequestStore } from '../processing-request.store';
import { ProjectSandboxes } from '../project-sandboxes';
import { SubmitProcessingUseCase } from './submit-processing.use-case';

/** Requests in memory, unique by GlobalId and by the partner's request id, as the table is. */
class InMemoryRequests extends ProcessingRequestStore {
  readonly stored = new Map<string, ProcessingRequest>();
  readonly claims = new Map<string, ClaimedRequestId>();
  lookUps = 0;

  async add(_work: UnitOfWork, request: ProcessingRequest, claim: RequestIdClaim) {
    const { globalId, partnerIdentifier } = request.snapshot;
    const key = `${partnerIdentifier}/${claim.requestId}`;
    if (this.stored.has(globalId) || this.claims.has(key)) return false;
    this.stored.set(globalId, request);
    this.claims.set(key, { globalId, bodyFingerprint: claim.bodyFingerprint });
    return true;
  }

  async find(_work: UnitOfWork, globalId: string) {
    this.lookUps += 1;
    return this.stored.get(globalId) ?? null;
  }

  read = async () => null;
  lock = async () => null;
  save = async () => undefined;
  due = async () => [];
  nextDueAt = async () => null;
}

class ClaimsOf extends PartnerRequestIds {
  lookUps = 0;
  constructor(private readonly requests: InMemoryRequests) {
    super();
  }

  async find(_work: UnitOfWork, partner: string, requestId: string) {
    this.lookUps += 1;
    return this.requests.claims.get(`${partner}/${requestId}`) ?? null;
  }
}

class Sandboxes extends ProjectSandboxes {
  known = true;
  isSandbox = async () => (this.known ? true : null);
}

class PublishedCommands extends ProcessingOutbox {
  readonly published: string[] = [];
  async publish(_work: UnitOfWork, request: ProcessingRequest) {
    this.published.push(request.snapshot.globalId);
  }
}

const PARTNER = 'partner-1';

const submission = (
  requestId: string,
  identifier = 'user-1',
  globalId = randomUUID(),
): SubmitProcessingV1 => ({
  globalId,
  partnerIdentifier: PARTNER,
  projectId: 7,
  request: {
    header: { request: { id: requestId, date: '2026-11-28T00:00:00Z' } },
    payload: {
      partner: { identifier: PARTNER },
      tasks: [{ type: 'user.resolve', payload: { identifier } }],
    },
  },
});

/** ADR 0059: a submission is stored by its unique keys, and looked up only when one is taken. */
describe('SubmitProcessingUseCase', () => {
  const work = {} as UnitOfWork;
  let requests: InMemoryRequests;
  let claims: ClaimsOf;
  let sandboxes: Sandboxes;
  let outbox: PublishedCommands;
  let counted: string[];
  let useCase: SubmitProcessingUseCase;

  beforeEach(() => {
    requests = new InMemoryRequests();
    claims = new ClaimsOf(requests);
    sandboxes = new Sandboxes();
    outbox = new PublishedCommands();
    counted = [];
    const metrics = {
      recorded: (request: ProcessingRequest) => counted.push(request.snapshot.globalId),
    } as unknown as ProcessingMetrics;
    useCase = new SubmitProcessingUseCase(requests, claims, sandboxes, outbox, metrics);
  });

  /** The GlobalId a reply answers, or the code of the error it gives. */
  const globalIdOf = (reply: Awaited<ReturnType<SubmitProcessingUseCase['execute']>>) => {
    if (!reply.ok) return `error ${reply.error.code}`;
    const header = reply.value.response.header as { response: { globalId: string } };
    return header.response.globalId;
  };

  it('stores a new request and starts it without looking anything up', async () => {
    const command = submission('r-1');
    const reply = await useCase.execute(work, command);
    expect(globalIdOf(reply)).toBe(command.globalId);
    expect([...requests.stored.keys()]).toEqual([command.globalId]);
    expect(outbox.published).toEqual([command.globalId]);
    expect(counted).toEqual([command.globalId]);
    expect([requests.lookUps, claims.lookUps]).toEqual([0, 0]);
  });

  it('answers a redelivery as the request stored under its GlobalId, starting nothing', async () => {
    const command = submission('r-1');
    await useCase.execute(work, command);
    const again = await useCase.execute(work, command);
    expect(globalIdOf(again)).toBe(command.globalId);
    expect(outbox.published).toEqual([command.globalId]);
    expect(counted).toEqual([command.globalId]);
    expect(claims.lookUps).toBe(0);
  });

  it('answers a repeat of the request id with the same body as the first request', async () => {
    const first = submission('r-1');
    await useCase.execute(work, first);
    const repeat = { ...submission('r-1'), request: first.request };
    const reply = await useCase.execute(work, repeat);
    expect(globalIdOf(reply)).toBe(first.globalId);
    expect([...requests.stored.keys()]).toEqual([first.globalId]);
    expect(outbox.published).toEqual([first.globalId]);
    expect(counted).toEqual([first.globalId]);
  });

  it('refuses the request id with another body: DUPLICATE_REQUEST_ID, nothing started', async () => {
    const first = submission('r-1');
    await useCase.execute(work, first);
    const reply = await useCase.execute(work, submission('r-1', 'user-2'));
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.code).toBe(ErrorCode.InvalidParameter);
    expect(!reply.ok && reply.error.message).toMatch(/^DUPLICATE_REQUEST_ID: /);
    expect([...requests.stored.keys()]).toEqual([first.globalId]);
    expect(outbox.published).toEqual([first.globalId]);
  });

  it('never echoes the request id in DUPLICATE_REQUEST_ID: it may be a card number (ADR 0064)', async () => {
    const id = '4111111111111111';
    await useCase.execute(work, submission(id));
    const reply = await useCase.execute(work, submission(id, 'user-2'));
    expect(!reply.ok && reply.error.message).toMatch(/^DUPLICATE_REQUEST_ID: /);
    expect(!reply.ok && reply.error.message).not.toContain('411111');
  });

  it('answers a stored request rather than refusing its redelivery', async () => {
    const command = submission('r-1');
    await useCase.execute(work, command);
    sandboxes.known = false;
    expect(globalIdOf(await useCase.execute(work, command))).toBe(command.globalId);
    const unknown = await useCase.execute(work, submission('r-2'));
    expect(globalIdOf(unknown)).toBe(`error ${ErrorCode.ServiceUnavailable}`);
    expect(outbox.published).toEqual([command.globalId]);
  });
});
