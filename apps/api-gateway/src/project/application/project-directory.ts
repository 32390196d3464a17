import { Injectable } from '@nestjs/common';
import { TtlCache } from '../../shared/domain/ttl-cache';
import type { Project } from '../domain/project';
import { ProjectStore } from './project.store';

/**
 * Projects by public key for request authentication, cached briefly: every signed request needs
 * one, and a database round trip plus a decryption per request would dominate the gateway's cost.
 * Changes made through this gateway evict at once; other replicas see them within the TTL.
 */
@Injectable()
export class ProjectDirectory {
  private readonly cache = new TtlCache<Project | null>(5000);

  constructor(private readonly projects: ProjectStore) {}

  byPublicKey(publicKey: string): Promise<Project | null> {
    return this.cache.get(publicKey, () => this.projects.byPublicKey(publicKey));
  }

  evict(publicKey: string): void {
    this.cache.evict(publicKey);
  }
}
