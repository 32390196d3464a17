export * from './unit-of-work';
export * from './held-until-commit';
