import { Module } from '@nestjs/common';
import { EntriesModule } from '../entries/entries.module';
import { AppealPagesController } from './appeal-pages.controller';
import { AppealsController } from './appeals.controller';
import { AppealsService } from './appeals.service';

@Module({ imports: [EntriesModule], controllers: [AppealsController, AppealPagesController], providers: [AppealsService], exports: [AppealsService] })
export class AppealsModule {}
