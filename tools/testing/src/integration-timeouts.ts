import { jest } from '@jest/globals';

// Integration tests start processes and wait on a real broker: they get minutes, not seconds.
jest.setTimeout(120_000);
