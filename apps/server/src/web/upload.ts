import { applyDecorators, CallHandler, ExecutionContext, mixin, NestInterceptor, SetMetadata, Type, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import type { Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/access.guard';
import { CSRF_AFTER_UPLOAD } from '../auth/auth.decorators';
import { DomainError } from '../common/errors';
import { csrfTokenMatches } from '../auth/session-cookie';

export function Upload(field: string, options: MulterOptions): MethodDecorator {
  return applyDecorators(SetMetadata(CSRF_AFTER_UPLOAD, true), UseInterceptors(uploadWithCsrf(field, options)));
}

function uploadWithCsrf(field: string, options: MulterOptions): Type<NestInterceptor> {
  const Files = FileInterceptor(field, options);
  class UploadWithCsrf implements NestInterceptor {
    private readonly files = new Files();
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      return this.files.intercept(context, {
        handle: () => {
          const request = context.switchToHttp().getRequest<AuthenticatedRequest & { csrfAfterUpload?: boolean }>();
          const sent = (request.body as Record<string, unknown> | undefined)?._csrf;
          if (request.csrfAfterUpload && !csrfTokenMatches(request.webSession!.token, sent)) throw new DomainError('auth.csrf');
          return next.handle();
        },
      });
    }
  }
  return mixin(UploadWithCsrf);
}
