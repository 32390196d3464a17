import { IsInt, IsISO8601, Max, Min } from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/** Ten years: the furthest a sandbox clock may run ahead of the wall clock (ADR 0069). */
export const MAX_PROJECT_CLOCK_OFFSET_MS = 10 * 366 * 86_400_000;

/**
 * A sandbox project's clock (ADR 0069): the project's time is the wall clock plus `offsetMs`, which
 * only grows. Whole states with a version on a compacted topic, so a reader applies the newest and
 * a service started later still learns every clock. A project without a record runs on the wall
 * clock.
 */
export class ProjectClockV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsInt() @Min(0) @Max(MAX_PROJECT_CLOCK_OFFSET_MS) offsetMs!: number;
  /** Counts the advances: an older record never replaces a newer one. */
  @IsInt() @Min(1) version!: number;
  @IsISO8601() advancedAt!: string;
}

export const ProjectClockV1Message = defineMessage(
  'gateway.project-clock.v1',
  Topics.projectClocks,
  ProjectClockV1,
);
