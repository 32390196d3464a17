import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  GetProcessingStatusV2Request,
  ResumeProcessingTaskV1Request,
  SubmitProcessingV2Request,
  type ProcessingAnswerV2,
  type ProcessingResponseV1,
} from '@opp/contracts';
import { HostedPageKeyRing, KeyRing } from '@opp/crypto';
import { isHttpUrl } from '@opp/destination-guard';
import { CardDataSealer } from '../../card/application/card-data-sealer';
import { RegisteredUrlCheck } from '../../destinations/application/registered-url-check';
import type { Partner } from '../../partner/domain/partner';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { PartnerTemplatesUseCase } from '../../template/application/partner-templates.use-case';
import { templateNamesIn } from '../../template/domain/partner-template';
import { documentedRequest } from './documented-request';
import { processingAnswerOrThrow } from './processing-answer';
import { ProcessingError } from './processing-error';
import { sealTaskCardData, sealTemplateCardData } from './seal-task-card-data';
import { awaitSyncWindow } from './sync-window';

/** The orchestrator refuses more than 20 notification targets; no more lookups than that are done. */
const MAX_NOTIFICATION_TARGETS = 20;

/** The current state of a request of the partner's, as the orchestrator answers it. */
@Injectable()
export class ReadProcessingStatusUseCase {
  constructor(private readonly requests: GatewayRequestClient) {}

  async execute(
    globalId: string,
    partnerIdentifier: string,
    correlationId: string | undefined,
  ): Promise<ProcessingAnswerV2> {
    const reply = await this.requests.request(
      GetProcessingStatusV2Request,
      { globalId, partnerIdentifier },
      { key: globalId, correlationId },
    );
    return processingAnswerOrThrow(reply);
  }
}

export interface SubmittedProcessing {
  /** The request object as the partner sent it (its JSON parsed). */
  body: Record<string, unknown>;
  /** Its bytes: a reused header.request.id is the same request only with the same bytes. */
  rawBody: string;
  /** When the request arrived: the synchronous window counts from there. */
  startedAt: number;
  correlationId: string | undefined;
}

/**
 * A processing request of an authenticated partner (ADR 0004): its notification targets checked
 * (ADR 0010), its templates and card data sealed for payments (docs/security/card-data.md), handed
 * to the orchestrator, and the synchronous flow simulated by reading the status again within the
 * window (ADR 0005). Each hop is bounded by GATEWAY_REQUEST_TIMEOUT_MS, which must exceed the 2 s
 * window.
 */
@Injectable()
export class SubmitProcessingUseCase {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly templates: PartnerTemplatesUseCase,
    private readonly urls: RegisteredUrlCheck,
    private readonly sealer: CardDataSealer,
    @Inject(KeyRing) private readonly keyRing: KeyRing,
    private readonly status: ReadProcessingStatusUseCase,
  ) {}

  async execute(partner: Partner, submitted: SubmittedProcessing): Promise<ProcessingAnswerV2> {
    const { body, correlationId } = submitted;
    await this.assertNotificationUrisAllowed(body);
    const names = templateNamesIn(body);
    const templates =
      names.length > 0 ? await this.templates.tasksByName(partner.identifier, names) : undefined;
    const globalId = randomUUID();
    // Card data leaves the gateway sealed for payments only (docs/security/card-data.md).
    const sealer = this.sealer.forProject(partner.projectId);
    const reply = await this.requests.request(
      SubmitProcessingV2Request,
      {
        globalId,
        partnerIdentifier: partner.identifier,
        projectId: partner.projectId,
        request: sealTaskCardData(documentedRequest(body), sealer),
        ...(templates ? { templates: sealTemplateCardData(templates, sealer) } : {}),
        // ADR 0017: a reused header.request.id is the same request only with the same bytes. The
        // bytes hold card data: the digest is keyed (HMAC), so it cannot be brute-forced to a card.
        bodyFingerprint: this.keyRing.fingerprint(submitted.rawBody),
      },
      { key: globalId, correlationId },
    );
    const first = processingAnswerOrThrow(reply);
    // A repeated request id is answered with the first request's GlobalId: the window reads that.
    const answeredId = globalIdOf(first.response) ?? globalId;
    return awaitSyncWindow(
      first,
      submitted.startedAt,
      () => this.status.execute(answeredId, partner.identifier, correlationId),
      { responseOf: (answer) => answer.response },
    );
  }

  /** ADR 0010: notification targets are checked when a request registers them (the SSRF guard). */
  private async assertNotificationUrisAllowed(body: object): Promise<void> {
    const targets = (body as { header?: { service?: { result?: unknown } } }).header?.service
      ?.result;
    if (!Array.isArray(targets) || targets.length > MAX_NOTIFICATION_TARGETS) return;
    for (const [i, target] of targets.entries()) {
      const uri = (target as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string') continue;
      const reason = await this.urls.refusal(uri);
      if (reason !== null) {
        throw ProcessingError.invalid(
          'INVALID_HEADER',
          `header.service.result[${i}].uri refused: ${reason}`,
        );
      }
    }
  }
}

/**
 * The 3-D Secure return of a card.payment task (ADR 0005, ADR 0007): the orchestrator authenticates
 * the payment and the tree goes on; the partner's acs_return_url travels encrypted to the hosted
 * page that forwards the user there, so that page is no open redirect.
 */
@Injectable()
export class ResumeProcessingTaskUseCase {
  constructor(
    private readonly requests: GatewayRequestClient,
    @Inject(HostedPageKeyRing) private readonly ring: HostedPageKeyRing,
  ) {}

  /** The sealed forwarding target, or null when the partner gave no acs_return_url. */
  async execute(
    globalId: string,
    taskId: string,
    posted: { paRes: string | undefined; md: string | undefined },
    correlationId: string | undefined,
  ): Promise<string | null> {
    const answer = processingAnswerOrThrow(
      await this.requests.request(
        ResumeProcessingTaskV1Request,
        { globalId, taskId, paRes: posted.paRes, md: posted.md },
        { key: globalId, correlationId },
      ),
    );
    return answer.redirectUrl ? this.ring.encrypt(answer.redirectUrl) : null;
  }

  /** The partner's page a sealed target names; 404 for a token this gateway did not seal. */
  forwardTarget(token: string | undefined): string {
    let target: string | null = null;
    try {
      target = token ? this.ring.decrypt(token) : null;
    } catch {
      target = null;
    }
    if (!target || !isHttpUrl(target)) throw ProcessingError.notFound();
    return target;
  }
}

function globalIdOf(response: ProcessingResponseV1): string | undefined {
  const id = (response as { header?: { response?: { globalId?: unknown } } }).header?.response
    ?.globalId;
  return typeof id === 'string' ? id : undefined;
}
