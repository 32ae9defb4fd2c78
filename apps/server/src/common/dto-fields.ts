import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { MAX_INT } from './validation';

/** The version a change is based on (optimistic concurrency: a stale one gets 409). */
export const VersionField = () =>
  applyDecorators(ApiProperty({ description: 'the version the change is based on (optimistic concurrency)' }), IsInt(), Min(1), Max(MAX_INT));

/** A required, non-empty text of at most `max` characters. */
export const TextField = (max: number, example?: string) => applyDecorators(ApiProperty(example === undefined ? {} : { example }), IsString(), Length(1, max));

/** An optional, non-empty text of at most `max` characters. */
export const OptionalTextField = (max: number, example?: string) =>
  applyDecorators(ApiPropertyOptional(example === undefined ? {} : { example }), IsOptional(), IsString(), Length(1, max));

/**
 * No control characters in a name (issue 23 #8): a CR/LF in a player's name split a TRF player line
 * into a forged one. Names go into fixed-format files and one-line displays; free texts (reasons,
 * reports) use TextField and may have line breaks.
 */
export const NAME_PATTERN = /^[^\p{Cc}\u2028\u2029]*$/u;
const noControlCharacters = () => Matches(NAME_PATTERN, { message: ({ property }) => `${property} must not contain control characters (line breaks, tabs …)` });

/** A required name: non-empty, at most `max` characters, no control characters. */
export const NameField = (max: number, example?: string) => applyDecorators(TextField(max, example), noControlCharacters());

/** An optional name: non-empty when present, at most `max` characters, no control characters. */
export const OptionalNameField = (max: number, example?: string) => applyDecorators(OptionalTextField(max, example), noControlCharacters());

/** A body that carries only the version a change is based on (publish, repair, confirm, approve, withdraw …). */
export class VersionDto {
  @VersionField()
  version!: number;
}
