import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { CheckInPagesController } from './check-in-pages.controller';
import { CheckInController } from './check-in.controller';
import { CheckInService } from './check-in.service';
import { StartSignalService } from './start-signal.service';

/** 检录 and the start signal (issue 32 #3, #4). */
@Module({
  imports: [CredentialsModule],
  controllers: [CheckInController, CheckInPagesController],
  providers: [CheckInService, StartSignalService],
  exports: [CheckInService, StartSignalService],
})
export class CheckInModule {}
