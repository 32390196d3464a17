export * from './project-snapshot.orm-entity';
export * from './partner-snapshot.orm-entity';
export * from './snapshots-schema.migration';
export * from './snapshots.module';
