# syntax=docker/dockerfile:1
# Chuhe server image. Used by docker-compose.yml, where DATABASE_URL points at the postgres
# service, so no embedded PostgreSQL is started inside the container.

# --- build: all dependencies, the generated Prisma client, tsc ---------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# What `npm ci` needs, including its postinstall (scripts/prisma-generate.js → prisma generate,
# which reads prisma.config.ts and prisma/schema.prisma): copied first so this layer is cached
# until the dependencies or the schema change.
COPY . .
# npm ci links the workspaces (libs/* as node_modules/@chuhe/*) and its postinstall builds (tsc -b).
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies, compiled code, migrations, views -----------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The libraries are workspace packages: node_modules/@chuhe/* link to libs/*, which run from dist/.
COPY --from=build /app/libs ./libs
# Applied at startup by dist/apps/server/src/persistence/migrate.js (found as /app/prisma/migrations).
COPY --from=build /app/prisma/migrations ./prisma/migrations
# Found by views-dir.ts walking up from dist/ to /app/apps/server/views.
COPY --from=build /app/apps/server/views ./apps/server/views
COPY --from=build /app/apps/server/public ./apps/server/public
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/apps/server/src/main.js"]
