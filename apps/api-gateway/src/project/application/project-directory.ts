import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Project } from '../domain/project';
import { ProjectRepository } from '../infrastructure/project.repository';

const TTL_MS = 5000;

/**
 * Projects by public key for request authentication, cached briefly: every signed request needs
 * one, and a database round trip plus a decryption per request would dominate the gateway's cost.
 * Changes made through this gateway evict at once; other replicas see them within the TTL.
 */
@Injectable()
export class ProjectDirectory {
  private readonly cache = new Map<string, { project: Project | null; expires: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
  ) {}

  async byPublicKey(publicKey: string, now = Date.now()): Promise<Project | null> {
    const cached = this.cache.get(publicKey);
    if (cached && cached.expires > now) return cached.project;
    const project = await this.projects.findByPublicKey(this.dataSource.manager, publicKey);
    if (this.cache.size > 10000) this.cache.clear(); // unknown keys must not grow it without bound
    this.cache.set(publicKey, { project, expires: now + TTL_MS });
    return project;
  }

  evict(publicKey: string): void {
    this.cache.delete(publicKey);
  }
}
