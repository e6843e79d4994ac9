# One static site per frontend, served by nginx: the shell at /, a remote under /remotes/<app>/ (its webpack
# publicPath is 'auto', so it loads its chunks relative to its mf-manifest.json wherever it is served).
# docker build -f infra/docker/frontend.Dockerfile --build-arg APP=mf-earn --build-arg BASE_PATH=/remotes/mf-earn/ -t rewards-mf-earn .
FROM node:24-bookworm-slim AS build
ARG APP=shell
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w "$APP"

FROM nginx:1.27-alpine
ARG APP=shell
ARG BASE_PATH=/
COPY infra/docker/frontend-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html${BASE_PATH}
EXPOSE 80
