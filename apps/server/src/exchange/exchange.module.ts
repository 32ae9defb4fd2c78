import { Module } from '@nestjs/common';
import { StandingsModule } from '../standings/standings.module';
import { ExchangeController } from './exchange.controller';
import { ExchangeService } from './exchange.service';

@Module({ imports: [StandingsModule], controllers: [ExchangeController], providers: [ExchangeService], exports: [ExchangeService] })
export class ExchangeModule {}
