import type { AuthUser } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import type { PrismaService } from '../prisma/prisma.service';

/** The registry and the rating lists are the server's (the federation's), not one tournament's: administrators only. */
export async function requireAdmin(prisma: PrismaService, user: AuthUser | undefined): Promise<void> {
  if (!user) throw new DomainError('auth.not_logged_in');
  const row = await prisma.user.findUnique({ where: { id: user.id }, select: { isAdmin: true } });
  if (!row?.isAdmin) throw new DomainError('admin.required');
}
