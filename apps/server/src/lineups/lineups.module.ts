import { Module } from '@nestjs/common';
import { LineupsController } from './lineups.controller';
import { LineupsService } from './lineups.service';

/** Team lineups (排阵表) and match cards, 附录1. */
@Module({ controllers: [LineupsController], providers: [LineupsService], exports: [LineupsService] })
export class LineupsModule {}
