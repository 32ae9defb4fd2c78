import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { uuidParam } from '../common/id-param';
import { GZIP_HEADER, livePageKey } from './live-page';
import { SseStream } from './sse-stream';
import { LIVE_PAGES_PER_EVENT, LiveService } from './live.service';
import { DomainError, missingResource } from '../common/errors';

@ApiTags('live')
@Controller('api')
export class LiveController {
  constructor(private readonly live: LiveService) {}

  /**
   * Server-Sent Events for an event's public pages, whenever a change commits on any server
   * instance (id = the event's data version). With `?page=` (the path of one of the event's public
   * pages and its `?lang=`) each `change` frame carries that page's new `<main>`, ready to swap in
   * (client/live.ts); without it, `{version, kinds}` as JSON. Public, like
   * the pages. A reconnecting viewer sends Last-Event-ID (or `?since=` on the first connection, the
   * version the page was rendered from) and gets a `change` at once if the data moved on meanwhile.
   * Capped per address (429) and in total (503), both with Retry-After; each stream ends after
   * CHUHE_LIVE_MAX_SECONDS and the browser reconnects (live-limits.ts).
   */
  @Get('events/:eventId/live')
  // Not in the OpenAPI document: a stream that never ends is no operation for generated clients
  // (nor for the fuzz, which calls every documented one); documented in play/API.md.
  @ApiExcludeEndpoint()
  async stream(
    @Param('eventId', uuidParam('eventId')) eventId: string,
    @Query('since') since: unknown,
    @Query('page') pageParam: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    // Refused before anything else is spent on it (issue 23 #2).
    const admitted = this.live.admission.admit(req.ip ?? req.socket.remoteAddress ?? '');
    if ('refused' in admitted) {
      const limits = this.live.admission.limits;
      const address = admitted.refused === 'address';
      res
        .status(address ? 429 : 503)
        .setHeader('Retry-After', String(limits.retryAfterSeconds))
        .json({
          statusCode: address ? 429 : 503,
          error: address ? 'Too Many Requests' : 'Service Unavailable',
          message: address
            ? `at most ${limits.perAddress} live streams per address: the page still updates by polling`
            : `this server holds ${limits.total} live streams already: the page still updates by polling`,
        });
      return;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      admitted.release();
    };
    try {
      eventId = eventId.toLowerCase();
      let page = '';
      if (pageParam !== undefined) {
        const key = typeof pageParam === 'string' ? livePageKey(pageParam, this.live.pages) : null;
        let owner = key?.eventId ?? null;
        if (key?.pairingId) owner = await this.live.eventOfPairing(key.pairingId);
        if (!key || owner !== eventId) throw new DomainError('live.page_unknown', { field: 'page' }, 'page');
        page = key.key;
        if (!this.live.admitsPage(eventId, page)) {
          res
            .status(503)
            .setHeader('Retry-After', '30')
            .json({
              statusCode: 503,
              error: 'Service Unavailable',
              message: `this event has ${LIVE_PAGES_PER_EVENT} live pages already: the page still updates by polling`,
            });
          release();
          return;
        }
      }
      const current = await this.live.currentVersion(eventId);
      if (current === null) throw missingResource('eventId', 'event');
      const header = req.headers['last-event-id'];
      const last = typeof header === 'string' && header ? header : typeof since === 'string' && since ? since : null;

      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      // Compressed when the viewer accepts gzip: the shared frames are compressed once for all (live-page.ts).
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (gzip) {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Vary', 'Accept-Encoding');
      }
      res.flushHeaders();
      if (gzip) res.write(GZIP_HEADER);
      const stream = new SseStream(res, gzip);
      stream.send('retry: 2000\n\n');
      // Subscribed before the catch-up is looked at, so that no change falls between the two.
      const stop = this.live.watch(eventId, page, stream);
      if (last !== null && last !== current) {
        const made = page ? await this.live.pageFrame(page, current) : null;
        if (made)
          LiveService.deliverPage(stream, made); // whole: the stream holds no frame yet
        else stream.send(page ? `id: ${current}\nevent: refetch\ndata: ${current}\n\n` : LiveService.frame(current, ['catch-up']));
      } else stream.send(`id: ${current}\nevent: hello\ndata: ${JSON.stringify({ version: current })}\n\n`);
      // Streams do not last for ever: the EventSource reconnects (Last-Event-ID) and is counted again.
      const maxAge = this.live.admission.limits.maxAgeMs;
      const age = setTimeout(() => stream.end(), maxAge * (0.9 + Math.random() * 0.2));
      age.unref();
      res.on('close', () => {
        clearTimeout(age);
        stop();
        release();
      });
    } catch (e) {
      release();
      throw e;
    }
  }
}
