import { Module } from '@nestjs/common';
import { ArbiterSectionsController } from './arbiter-sections.controller';
import { ArbiterSectionsService } from './arbiter-sections.service';

/** The arbiters' sections of tables (issue 35): the API; the page is staff-pages/arbiter-sections-pages.controller.ts. */
@Module({ controllers: [ArbiterSectionsController], providers: [ArbiterSectionsService], exports: [ArbiterSectionsService] })
export class ArbiterSectionsModule {}
