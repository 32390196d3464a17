import { applyDecorators, Controller, UseFilters, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminExceptionFilter } from './admin-exception.filter';
import { AdminTokenGuard } from './admin-token.guard';

/**
 * A controller of the admin API at `path`: every route behind the admin or an operator token
 * (ADR 0002, ADR 0061), its refusals in the admin envelope, documented under the `admin` tag.
 */
export const AdminController = (path: string) =>
  applyDecorators(
    ApiTags('admin'),
    UseGuards(AdminTokenGuard),
    UseFilters(AdminExceptionFilter),
    Controller(path),
  );
