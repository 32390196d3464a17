export type { Difference, Queryable } from './difference';
export { reconcileProject, reconcileProjectIn, type ReconcileDatabases } from './reconcile';
