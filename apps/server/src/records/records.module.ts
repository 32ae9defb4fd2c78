import { Module } from '@nestjs/common';
import { RecordsController } from './records.controller';
import { RecordsService } from './records.service';
import { RecordLinksService } from './record-links.service';

@Module({
  controllers: [RecordsController],
  providers: [RecordsService, RecordLinksService],
  exports: [RecordsService, RecordLinksService],
})
export class RecordsModule {}
