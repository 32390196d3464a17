import type { Project } from '../../../project/domain/project';

/** The admin API's view of a project; the private key is shown only when it is issued. */
export function toProjectResponse(project: Project, options: { withPrivateKey: boolean }) {
  return {
    id: project.id,
    name: project.name,
    publicKey: project.publicKey,
    ...(options.withPrivateKey ? { privateKey: project.privateKey } : {}),
    previousKeyExpiresAt: project.previousKeyExpiresAt?.toISOString() ?? null,
    callbackUrl: project.callbackUrl,
    baseCurrency: project.baseCurrency,
    settings: project.settings,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}
