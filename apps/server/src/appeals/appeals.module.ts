import { Module } from '@nestjs/common';
import { AppealPagesController } from './appeal-pages.controller';
import { AppealsController } from './appeals.controller';
import { AppealsService } from './appeals.service';

@Module({ controllers: [AppealsController, AppealPagesController], providers: [AppealsService], exports: [AppealsService] })
export class AppealsModule {}
