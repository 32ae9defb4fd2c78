import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { MAX_INT } from './validation';

/** The version a change is based on (optimistic concurrency: a stale one gets 409). */
export const VersionField = () =>
  applyDecorators(ApiProperty({ description: 'the version the change is based on (optimistic concurrency)' }), IsInt(), Min(1), Max(MAX_INT));

/** A required, non-empty text of at most `max` characters. */
export const TextField = (max: number, example?: string) =>
  applyDecorators(ApiProperty(example === undefined ? {} : { example }), IsString(), Length(1, max));

/** An optional, non-empty text of at most `max` characters. */
export const OptionalTextField = (max: number, example?: string) =>
  applyDecorators(ApiPropertyOptional(example === undefined ? {} : { example }), IsOptional(), IsString(), Length(1, max));
