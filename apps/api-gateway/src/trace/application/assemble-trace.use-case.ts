import { Injectable } from '@nestjs/common';
import {
  tracePart,
  type MoneyTrace,
  type TraceMissingPart,
  type TracePartV1,
  type TraceQueryV1,
  type TraceServiceName,
  type TraceStep,
  type TraceSubject,
} from '@opp/contracts';
import { StoredRequests, TraceParts, type RemoteTraceService } from './trace-sources';

/** What the trace is about, as the admin or merchant route names it. */
export type TraceRoot =
  | { kind: 'transaction'; id: number; projectId?: number }
  | { kind: 'order'; projectId: number; orderId: string }
  | { kind: 'processing'; globalId: string };

type Asked = { service: TraceServiceName; part: TracePartV1 | null; reason: string | null };

const EMPTY_PART = tracePart();

/**
 * The money trace (ADR 0066): the owner of the subject is asked first (payments for a transaction
 * or an order, the orchestrator for a processing request) and names what the subject is linked to
 * (its refunds, its tree, the subjects of its deliveries); then every other service is asked in
 * parallel for those ids, and the gateway adds its own stored requests. A service that does not
 * answer in time leaves its part out and is named in `missing`: a trace is never a 500.
 * Null when the owner answered and knows no such subject.
 */
@Injectable()
export class AssembleTraceUseCase {
  constructor(
    private readonly parts: TraceParts,
    private readonly requests: StoredRequests,
  ) {}

  async execute(root: TraceRoot): Promise<MoneyTrace | null> {
    const owner: RemoteTraceService =
      root.kind === 'processing' ? 'processing-orchestrator' : 'payments';
    const first = await this.ask(owner, firstQuery(root));
    if (first.part && !first.part.subject) return null;
    const subject = first.part?.subject ?? fallbackSubject(root);
    // Every other part is bounded to the subject's project, once its owner named it.
    const projectId =
      first.part?.subject?.projectId ?? (root.kind === 'processing' ? undefined : root.projectId);
    const links = first.part?.links ?? EMPTY_PART.links;
    const transactionIds = unique([
      ...(root.kind === 'transaction' ? [root.id] : []),
      ...links.transactionIds,
    ]);
    const globalIds = unique([
      ...(root.kind === 'processing' ? [root.globalId] : []),
      ...links.globalIds,
    ]);
    const query: TraceQueryV1 = {
      ...(projectId !== undefined ? { projectId } : {}),
      transactionIds,
      ...(root.kind === 'order' ? { orderId: root.orderId } : {}),
      globalIds,
    };
    const others: Promise<Asked>[] = [
      this.ask('payouts', query),
      this.ask('users-recurring', query),
    ];
    if (owner === 'payments' && globalIds.length > 0) {
      others.push(this.ask('processing-orchestrator', query));
    }
    if (owner === 'processing-orchestrator') others.push(this.ask('payments', query));
    // Deliveries are filed under ids the owner names (its transactions, its tree's task ids), so
    // the notifier is asked in the same round as the others.
    const subjects = unique([
      ...transactionIds.map(String),
      ...globalIds,
      ...links.deliverySubjects,
    ]);
    others.push(this.askDeliveries(subjects, projectId));
    const [answeredOthers, requestSteps] = await Promise.all([
      Promise.all(others),
      this.requests
        .steps({
          ...(projectId !== undefined ? { projectId } : {}),
          transactionIds,
          ...(root.kind === 'order' ? { orderId: root.orderId } : {}),
        })
        .then(async (steps) => {
          const correlationIds = steps.flatMap((step) => {
            const id = step.detail['correlationId'];
            return typeof id === 'string' ? [id] : [];
          });
          const messages = await this.requests.messages({
            keys: [...transactionIds.map(String), ...globalIds],
            correlationIds: unique(correlationIds),
          });
          return { steps: [...steps, ...messages], reason: null as string | null };
        })
        .catch((error: unknown) => ({ steps: [] as TraceStep[], reason: reasonOf(error) })),
    ]);
    const answered = [first, ...answeredOthers];
    const missing: TraceMissingPart[] = answered
      .filter((a) => a.reason !== null)
      .map((a) => ({ service: a.service, reason: a.reason ?? '' }));
    if (requestSteps.reason !== null) {
      missing.push({ service: 'api-gateway', reason: requestSteps.reason });
    }
    const parts = answered.flatMap((a) => (a.part ? [a.part] : []));
    return {
      subject,
      steps: inTimeOrder([...requestSteps.steps, ...parts.flatMap((p) => p.steps)]),
      ledger: parts.flatMap((p) => p.ledger).sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))),
      deliveries: parts.flatMap((p) => p.deliveries),
      tasks: parts.flatMap((p) => p.tasks),
      missing,
    };
  }

  private async ask(service: RemoteTraceService, query: TraceQueryV1): Promise<Asked> {
    try {
      return { service, part: await this.parts.part(service, query), reason: null };
    } catch (error) {
      return { service, part: null, reason: reasonOf(error) };
    }
  }

  private async askDeliveries(subjects: string[], projectId?: number): Promise<Asked> {
    if (subjects.length === 0) return { service: 'notifier', part: EMPTY_PART, reason: null };
    try {
      return {
        service: 'notifier',
        part: await this.parts.deliveries(subjects, projectId),
        reason: null,
      };
    } catch (error) {
      return { service: 'notifier', part: null, reason: reasonOf(error) };
    }
  }
}

function firstQuery(root: TraceRoot): TraceQueryV1 {
  switch (root.kind) {
    case 'transaction':
      return {
        transactionIds: [root.id],
        ...(root.projectId !== undefined ? { projectId: root.projectId } : {}),
      };
    case 'order':
      return { projectId: root.projectId, orderId: root.orderId };
    case 'processing':
      return { globalIds: [root.globalId] };
  }
}

function fallbackSubject(root: TraceRoot): TraceSubject {
  const base = { orderId: null, type: null, status: null, amount: null, currency: null };
  switch (root.kind) {
    case 'transaction':
      return { ...base, kind: 'transaction', id: String(root.id), projectId: root.projectId ?? 0 };
    case 'order':
      return {
        ...base,
        kind: 'order',
        id: root.orderId,
        projectId: root.projectId,
        orderId: root.orderId,
      };
    case 'processing':
      return { ...base, kind: 'processing', id: root.globalId, projectId: 0 };
  }
}

/** Stable: steps of one instant keep the order their service listed them in. */
export function inTimeOrder(steps: TraceStep[]): TraceStep[] {
  return steps
    .map((step, index) => ({ step, index, at: Date.parse(step.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ step }) => step);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
