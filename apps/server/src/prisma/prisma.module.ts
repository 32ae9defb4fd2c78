import { DynamicModule, Global, Module } from '@nestjs/common';
import { DATABASE_URL, PrismaService } from './prisma.service';
import { ServerSecret } from './server-secret';

@Global()
@Module({})
export class PrismaModule {
  static forUrl(databaseUrl: string): DynamicModule {
    return {
      module: PrismaModule,
      providers: [{ provide: DATABASE_URL, useValue: databaseUrl }, PrismaService, ServerSecret],
      exports: [PrismaService, DATABASE_URL, ServerSecret],
    };
  }
}
