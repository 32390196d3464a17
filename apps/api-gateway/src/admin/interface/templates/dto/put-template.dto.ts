import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject } from 'class-validator';

export class PutTemplateDto {
  @ApiProperty({
    description:
      'Task objects as in a POST /processing request (type, payload, success, fail, always, ' +
      "expiration). `${parameters.X}` in a payload string is replaced by the request's " +
      'payload.partner.parameters.X when a request uses the template as `template:<name>`. ' +
      'A template cannot use another template; at most 100 tasks and 10 levels.',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [
      {
        type: 'message.send',
        payload: { channel: 'webhook', to: '${parameters.hook}', text: 'Hello ${parameters.name}' },
      },
    ],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  tasks!: Record<string, unknown>[];
}
