import { Controller, Get, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { uuidParam } from '../common/id-param';
import { LiveService } from './live.service';

/** Heartbeat comment: keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

@ApiTags('live')
@Controller('api')
export class LiveController {
  constructor(private readonly live: LiveService) {}

  /**
   * Server-Sent Events for an event's public pages: `change` frames (id = the event's data version)
   * whenever a result, a publication or a lineup commits on any server instance. Public, like the
   * pages. A reconnecting viewer sends Last-Event-ID (or `?since=` on the first connection, the
   * version the page was rendered from) and gets a `change` at once if the data moved on meanwhile.
   */
  @Get('events/:eventId/live')
  // Not in the OpenAPI document: a stream that never ends is no operation for generated clients
  // (nor for the fuzz, which calls every documented one); documented in play/API.md.
  @ApiExcludeEndpoint()
  async stream(@Param('eventId', uuidParam('eventId')) eventId: string, @Query('since') since: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const current = await this.live.version(eventId);
    if (current === null) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: 'event not found' });
    const header = req.headers['last-event-id'];
    const last = typeof header === 'string' && header ? header : typeof since === 'string' && since ? since : null;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 2000\n\n');
    if (last !== null && last !== current) res.write(LiveService.frame(current, ['catch-up']));
    else res.write(`id: ${current}\nevent: hello\ndata: ${JSON.stringify({ version: current })}\n\n`);
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = this.live.watch(eventId, {
      send: (frame) => res.write(frame),
      end: () => {
        clearInterval(beat);
        res.end();
      },
    });
    beat.unref();
    req.on('close', () => {
      clearInterval(beat);
      stop();
    });
  }
}
