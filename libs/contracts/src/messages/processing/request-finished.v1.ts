import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/**
 * One entry of the request's `header.service.result` (ADR 0005: type `URL`, method `GET` or
 * `POST`).
 */
export class NotificationTargetV1 {
  @IsIn(['URL']) type!: 'URL';
  @IsString() @Length(1, 2048) uri!: string;
  @IsIn(['GET', 'POST']) method!: 'GET' | 'POST';
}

/**
 * A processing request has finished (no task left on the next level), key: globalId. Published by the
 * orchestrator; the notifier calls every target (processing-api.md, Events; ADR 0004 signing).
 * `targets` is the request's `header.service.result` as given, possibly empty.
 */
export class RequestFinishedV1 {
  @IsUUID() globalId!: string;
  @IsString() @Length(1, 128) partnerIdentifier!: string;
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => NotificationTargetV1)
  targets!: NotificationTargetV1[];
  @IsISO8601() @MaxLength(64) finishedAt!: string;
}

export const RequestFinishedV1Message = defineMessage(
  'processing.request-finished.v1',
  Topics.processingRequestEvents,
  RequestFinishedV1,
);
