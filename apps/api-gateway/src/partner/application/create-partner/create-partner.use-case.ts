import { Inject, Injectable } from '@nestjs/common';
import { KeyRing } from '@opp/crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import { ProjectStore } from '../../../project/application/project.store';
import { newPartnerSecret, type Partner } from '../../domain/partner';
import { PartnerStore } from '../partner.store';
import { partnerSnapshotMessages } from '../partner-snapshot';

export interface CreatePartnerCommand {
  identifier: string;
  projectId: number;
  name?: string;
}

@Injectable()
export class CreatePartnerUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly partners: PartnerStore,
    private readonly projects: ProjectStore,
    private readonly outbox: OutboxWriter,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {}

  execute(command: CreatePartnerCommand): Promise<Partner> {
    return this.transactions.run(async (work) => {
      if (!(await this.projects.byId(command.projectId, work))) {
        throw ApiError.of(ErrorCode.ProjectNotFound, `project ${command.projectId}`);
      }
      const partner = await this.partners.addIfNew(work, {
        identifier: command.identifier,
        projectId: command.projectId,
        name: command.name ?? null,
        secret: newPartnerSecret(),
        version: 1,
      });
      if (!partner) {
        throw ApiError.of(
          ErrorCode.InvalidParameter,
          `partner ${command.identifier} already exists`,
        );
      }
      await this.outbox.add(work, partnerSnapshotMessages(partner, this.ring));
      return partner;
    });
  }
}
