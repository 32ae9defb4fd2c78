import { Module } from '@nestjs/common';
import { RecordsController } from './records.controller';
import { RecordPagesController } from './record-pages.controller';
import { RecordSlipsController } from './record-slips.controller';
import { RecordsService } from './records.service';
import { RecordLinksService } from './record-links.service';

@Module({
  controllers: [RecordsController, RecordPagesController, RecordSlipsController],
  providers: [RecordsService, RecordLinksService],
  exports: [RecordsService, RecordLinksService],
})
export class RecordsModule {}
