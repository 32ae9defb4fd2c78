import type { Prisma } from '../generated/prisma/client';
import { storedJson } from '../persistence/json-column';
import type { StageDto } from './event.dto';

/** The event's stages as stored (Event.stages, written from the validated StageDto list). */
export function stagesOf(event: { stages: Prisma.JsonValue }): StageDto[] {
  return storedJson<StageDto[]>(event.stages);
}
