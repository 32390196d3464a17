import { Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '@opp/errors';
import { TransactionRunner } from '@opp/persistence';
import { AdminNotFound } from '../../shared/application/admin-errors';
import { PartnerStore } from '../../partner/application/partner.store';
import { TEMPLATE_NAME, templateProblem, type PartnerTemplate } from '../domain/partner-template';
import { templateCardDataProblem } from '../domain/template-card-data';
import { PartnerTemplateStore } from './partner-template.store';

/**
 * ADR 0002 partner templates. The gateway owns them and hands the ones a request names to the
 * orchestrator with the request itself, so a template is in force from the moment PUT answers.
 */
@Injectable()
export class PartnerTemplatesUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly partners: PartnerStore,
    private readonly templates: PartnerTemplateStore,
  ) {}

  put(identifier: string, name: string, tasks: unknown) {
    checkName(name);
    const problem = templateProblem(tasks) ?? templateCardDataProblem(tasks);
    if (problem) throw ApiError.of(ErrorCode.InvalidParameter, problem);
    return this.transactions.run(async (work) => {
      if (!(await this.partners.byIdentifier(identifier, work))) {
        throw AdminNotFound('partner', identifier);
      }
      return this.templates.upsert(work, identifier, name, tasks as Record<string, unknown>[]);
    });
  }

  async get(identifier: string, name: string): Promise<PartnerTemplate> {
    checkName(name);
    const template = await this.templates.find(identifier, name);
    if (!template) throw AdminNotFound('template', `${identifier}/${name}`);
    return template;
  }

  async delete(identifier: string, name: string): Promise<void> {
    checkName(name);
    if (!(await this.templates.delete(identifier, name))) {
      throw AdminNotFound('template', `${identifier}/${name}`);
    }
  }

  /** name -> tasks of the partner's templates among `names`, for a processing request. */
  async tasksByName(identifier: string, names: readonly string[]) {
    const found = await this.templates.findMany(identifier, names);
    return Object.fromEntries(found.map((t) => [t.name, t.tasks]));
  }
}

function checkName(name: string): void {
  if (!TEMPLATE_NAME.test(name)) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      'template name may hold only A-Z a-z 0-9 . _ - (1 to 64)',
    );
  }
}
