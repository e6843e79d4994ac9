# The API, the worker and the migration job share this image (node dist/main.js | dist/worker.js | dist/migrate.js).
# Build from the repository root: docker build -f infra/docker/api.Dockerfile -t rewards-api .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @app/api

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/services ./services
# Production dependencies only; the build packed the workspace packages into dist/node_modules.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @app/api --include-workspace-root=false && npm cache clean --force
WORKDIR /app/services/api
# A young generation of 64 MB (V8's default is 16): a request lives across a group commit (tens of ms), so with 16 MB
# it survived a scavenge or two and was promoted; scavenges took 10-50 ms on the like path (engagement README).
ENV NODE_OPTIONS=--max-semi-space-size=64
USER node
EXPOSE 3000
CMD ["node", "dist/main.js"]
