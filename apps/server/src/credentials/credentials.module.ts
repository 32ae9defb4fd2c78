import { Module } from '@nestjs/common';
import { CredentialPagesController } from './credential-pages.controller';
import { CredentialsController } from './credentials.controller';
import { CredentialsService } from './credentials.service';

/** 大会证件 (issue 32 #1): the credentials, their personal links, the badge sheet. */
@Module({
  controllers: [CredentialsController, CredentialPagesController],
  providers: [CredentialsService],
  exports: [CredentialsService],
})
export class CredentialsModule {}
