import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TtlCache } from '../../shared/ttl-cache';
import type { Project } from '../domain/project';
import { ProjectRepository } from '../infrastructure/project.repository';

/**
 * Projects by public key for request authentication, cached briefly: every signed request needs
 * one, and a database round trip plus a decryption per request would dominate the gateway's cost.
 * Changes made through this gateway evict at once; other replicas see them within the TTL.
 */
@Injectable()
export class ProjectDirectory {
  private readonly cache = new TtlCache<Project | null>(5000);

  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
  ) {}

  byPublicKey(publicKey: string): Promise<Project | null> {
    return this.cache.get(publicKey, () =>
      this.projects.findByPublicKey(this.dataSource.manager, publicKey),
    );
  }

  evict(publicKey: string): void {
    this.cache.evict(publicKey);
  }
}
