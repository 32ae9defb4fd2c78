import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, AccessRule } from '../../apps/server/src/auth/auth.decorators';

export interface RouteInfo {
  /** e.g. "PUT /api/games/:gameId/result" */
  key: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** 'public', 'authenticated', or the roles (sorted, joined by "|"). */
  access: string;
}

/** Every route the application serves, read from its controllers' metadata (so none is forgotten). */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const out: RouteInfo[] = [];
  const modules = app.get(ModulesContainer);
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const classRule = Reflect.getMetadata(ACCESS_KEY, type) as AccessRule | undefined;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (sub === undefined || verb === undefined) continue;
        const rule = (Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule | undefined) ?? classRule;
        const access = !rule ? 'public' : rule.kind === 'authenticated' ? 'authenticated' : [...rule.roles].sort().join('|');
        for (const s of Array.isArray(sub) ? sub : [sub]) {
          const path = (
            '/' +
            [base, s]
              .map((p) => p.replace(/^\/|\/$/g, ''))
              .filter(Boolean)
              .join('/')
          ).replace(/\/+/g, '/');
          const method = RequestMethod[verb].toLowerCase() as RouteInfo['method'];
          out.push({ key: `${method.toUpperCase()} ${path}`, method, path, access });
        }
      }
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}
