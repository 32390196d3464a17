// Renders the kustomize overlays with the kubectl on PATH and reads the YAML the deploy files are made of.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORE_SCHEMA, load, loadAll, mergeTag } from 'js-yaml';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** `kubectl kustomize <dir>` (kubectl bundles kustomize); a missing kubectl fails loudly, never skips. */
export function kustomize(dir: string): string {
  try {
    return execFileSync('kubectl', ['kustomize', path.resolve(REPO_ROOT, dir)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'deploy-check needs kubectl (>= 1.27, which bundles kustomize v5) on PATH to render deploy/; ' +
          'install it, e.g. https://kubernetes.io/docs/tasks/tools/',
      );
    }
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr || String(error)}`);
  }
}

export function parseManifests(text: string): K8sObject[] {
  return loadAll(text)
    .filter((doc) => doc !== null && doc !== undefined)
    .map((doc, index) => {
      const obj = doc as Partial<K8sObject>;
      if (
        typeof obj.apiVersion !== 'string' ||
        typeof obj.kind !== 'string' ||
        !obj.metadata?.name
      ) {
        throw new Error(`document ${index} is not a Kubernetes object: ${JSON.stringify(doc)}`);
      }
      return obj as K8sObject;
    });
}

export function renderOverlay(overlay: string): K8sObject[] {
  return parseManifests(kustomize(path.join('deploy/overlays', overlay)));
}

export function readRepoFile(file: string): string {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

/** docker-compose.yml as compose reads it: YAML merge keys (`<<: *anchor`) resolved. */
export function loadCompose(): { text: string; doc: unknown } {
  const text = readRepoFile('docker-compose.yml');
  return { text, doc: load(text, { schema: CORE_SCHEMA.withTags(mergeTag) }) };
}
