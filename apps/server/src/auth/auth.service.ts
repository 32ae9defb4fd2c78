import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { PrismaService } from '../prisma/prisma.service';
import { AuthUser } from './auth.decorators';
import { hashPassword, verifyPassword } from './password';

const SESSION_DAYS = 30;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class AuthService {
  constructor(private readonly prisma: PrismaService) {}

  async register({ email, displayName, password }: { email: string; displayName: string; password: string }): Promise<AuthUser> {
    const normalized = email.trim().toLowerCase();
    const existing = await this.prisma.user.findUnique({ where: { email: normalized } });
    if (existing) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: 'email: a user with this email exists' });
    const user = await this.prisma.user.create({
      data: { email: normalized, displayName, passwordHash: await hashPassword(password) },
    });
    return { id: user.id, email: user.email, displayName: user.displayName };
  }

  async login({ email, password }: { email: string; password: string }): Promise<{ token: string; user: AuthUser; expiresAt: Date }> {
    const user = await this.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user || !(await verifyPassword(password, user.passwordHash)))
      throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'wrong email or password' });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
    await this.prisma.session.create({ data: { tokenHash: tokenHash(token), userId: user.id, expiresAt } });
    return { token, user: { id: user.id, email: user.email, displayName: user.displayName }, expiresAt };
  }

  async logout(token: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
  }

  async userForToken(token: string): Promise<AuthUser | undefined> {
    const session = await this.prisma.session.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: true } });
    if (!session || session.expiresAt < new Date()) return undefined;
    return { id: session.user.id, email: session.user.email, displayName: session.user.displayName };
  }
}
