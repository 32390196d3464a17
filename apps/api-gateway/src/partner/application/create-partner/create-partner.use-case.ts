import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PartnerSnapshotV1Message } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { ProjectRepository } from '../../../project/infrastructure/project.repository';
import { newPartnerSecret, type Partner } from '../../domain/partner';
import { PartnerRepository } from '../../infrastructure/partner.repository';

export interface CreatePartnerCommand {
  identifier: string;
  projectId: number;
  name?: string;
}

@Injectable()
export class CreatePartnerUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnerRepository,
    private readonly projects: ProjectRepository,
    private readonly outbox: OutboxWriter,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {}

  execute(command: CreatePartnerCommand): Promise<Partner> {
    return this.dataSource.transaction(async (tx) => {
      if (!(await this.projects.findById(tx, command.projectId))) {
        throw ApiError.of(ErrorCode.ProjectNotFound, `project ${command.projectId}`);
      }
      const partner = await this.partners.insert(tx, {
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
      await this.outbox.add(tx, [
        {
          definition: PartnerSnapshotV1Message,
          key: partner.identifier,
          payload: {
            identifier: partner.identifier,
            projectId: partner.projectId,
            name: partner.name,
            secretEncrypted: this.ring.encrypt(partner.secret),
            version: partner.version,
            updatedAt: partner.updatedAt.toISOString(),
          },
        },
      ]);
      return partner;
    });
  }
}
