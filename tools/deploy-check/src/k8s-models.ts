// Schema validation of rendered objects: a kubernetes-models class per built-in apiVersion/kind we ship,
// and the schemas of deploy/crds for the operators' custom resources (crd-schemas.ts).
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { CUSTOM_RESOURCE_KINDS, customResourceProblems } from './crd-schemas';
import type { K8sObject } from './render';
import { ServiceMonitor } from './service-monitor-model';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

const MODELS: Record<string, ModelClass> = Object.fromEntries(
  [
    Deployment,
    Service,
    PodDisruptionBudget,
    HorizontalPodAutoscaler,
    ConfigMap,
    Job,
    Ingress,
    NetworkPolicy,
    ServiceMonitor,
  ].map((model) => [`${model.apiVersion}/${model.kind}`, model as unknown as ModelClass]),
);

export const VALIDATED_KINDS: readonly string[] = [
  ...Object.keys(MODELS),
  ...CUSTOM_RESOURCE_KINDS,
];

/** Throws when the kind is not one we ship or the object does not match its OpenAPI schema. */
export function validateObject(obj: K8sObject): void {
  const key = `${obj.apiVersion}/${obj.kind}`;
  if (CUSTOM_RESOURCE_KINDS.includes(key)) {
    // The operators' kinds (Strimzi, CloudNativePG, KEDA): their CRDs' schemas, deploy/crds.
    const problems = customResourceProblems(obj);
    if (problems.length > 0) throw new Error(`${key} ${obj.metadata.name}: ${problems.join('; ')}`);
    return;
  }
  const Model = MODELS[key];
  if (!Model) {
    throw new Error(`${key} ${obj.metadata.name}: no model registered (add it to k8s-models.ts)`);
  }
  try {
    new Model(obj as never).validate();
  } catch (error) {
    throw new Error(`${key} ${obj.metadata.name}: ${(error as Error).message}`);
  }
}
