import { Injectable } from '@nestjs/common';
import { tournamentOr404 } from '../common/or-404';
import { PrismaService } from '../prisma/prisma.service';

/** What the fee pages read beside FeesService (issue 29 #3: no Prisma in a controller). */
@Injectable()
export class FeesPageData {
  constructor(private readonly prisma: PrismaService) {}

  tournament(id: string) {
    return tournamentOr404(this.prisma, id);
  }

  unitsOf(tournamentId: string) {
    return this.prisma.affiliation.findMany({ where: { tournamentId: tournamentId } });
  }

  fee(id: string) {
    return this.prisma.fee.findUniqueOrThrow({ where: { id } });
  }
}
