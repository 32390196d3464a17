import { ApiError, ErrorCode } from '@opp/errors';

/** The admin API answers in the same error envelope as /v1. */
export const AdminNotFound = (
  what: 'project' | 'partner' | 'template' | 'operator',
  id: string | number,
) =>
  ApiError.of(
    what === 'project' ? ErrorCode.ProjectNotFound : ErrorCode.ResourceNotFound,
    `${what} ${id}`,
  );
