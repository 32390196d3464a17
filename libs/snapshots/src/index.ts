export * from './project-snapshot.orm-entity';
export * from './partner-snapshot.orm-entity';
export * from './snapshots-schema.migration';
export * from './project-snapshots-notify.migration';
export * from './partner-snapshots-notify.migration';
export * from './snapshot-cache';
export * from './snapshots.module';
export * from './snapshot-secrets.migration';
