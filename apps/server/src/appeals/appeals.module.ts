import { Module } from '@nestjs/common';
import { EntriesModule } from '../entries/entries.module';
import { AppealsController } from './appeals.controller';
import { AppealsService } from './appeals.service';

@Module({ imports: [EntriesModule], controllers: [AppealsController], providers: [AppealsService], exports: [AppealsService] })
export class AppealsModule {}
