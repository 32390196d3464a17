import { IsInt, IsString, Length, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { UserSnapshotV1 } from '../payments/user-snapshot.v1';

/** A project's user by internal id (POST /card/process with `user` as an id); 40406 when unknown. */
export class GetUserV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 32) userId!: string;
}

export const GetUserV1Request = defineRequest<GetUserV1, UserSnapshotV1>(
  'users.get-user.v1',
  Topics.usersRequests,
  GetUserV1,
);
