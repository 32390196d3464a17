// class-transformer ships its metadata storage (where `@Type` is recorded) without typings for
// the CommonJS path; class-validator-jsonschema needs it to follow nested arrays.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
