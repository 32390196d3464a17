import { serviceDataSourceOptions } from '@opp/persistence';
import { PartnerOrmEntity } from '../partner/infrastructure/partner.orm-entity';
import { ProjectOrmEntity } from '../project/infrastructure/project.orm-entity';
import { CreateProjectsAndPartners1763700000200 } from './migrations/1763700000200-create-projects-and-partners';

export const SERVICE_NAME = 'api-gateway';
export const entities = [ProjectOrmEntity, PartnerOrmEntity];
export const migrations = [CreateProjectsAndPartners1763700000200];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
