# One static front-end package (shell or a remote): built with the workspace, served by
# scripts/serve-static.mjs in a slim image. Build from the repository root:
#   docker build -f docker/web.Dockerfile --build-arg PACKAGE=mf-catalog --build-arg PORT=3001 .
FROM node:20-bookworm AS build
ARG PACKAGE
RUN npm i -g pnpm@10.34.9
WORKDIR /app
# Manifests first, so the dependency layer is cached across source changes.
COPY package.json pnpm-workspace.yaml pnpm-lock.yaml .npmrc ./
COPY shell/package.json shell/
COPY mf-catalog/package.json mf-catalog/
COPY mf-applications/package.json mf-applications/
COPY mf-cabinet/package.json mf-cabinet/
COPY mf-messaging/package.json mf-messaging/
COPY shared/package.json shared/
COPY api/package.json api/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile --filter "${PACKAGE}..."
COPY . .
RUN pnpm --filter "${PACKAGE}" build

FROM node:20-bookworm-slim
ARG PACKAGE
ARG PORT=3000
# Flags for serve-static: the shell adds `--spa --runtime-config`.
ARG SERVE_FLAGS=""
ENV PACKAGE=${PACKAGE} PORT=${PORT} SERVE_FLAGS=${SERVE_FLAGS} NODE_ENV=production
WORKDIR /app
# serve-static.mjs sends the security headers (scripts/security-headers.cjs); the runtime
# configuration and the shell's CSP read the list of remotes from remotes.json.
COPY --from=build /app/scripts/ scripts/
COPY --from=build /app/remotes.json remotes.json
COPY --from=build /app/${PACKAGE}/dist ${PACKAGE}/dist
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `exec`: node, not sh, is PID 1 and gets the container's SIGTERM (serve-static.mjs drains on it).
CMD exec node scripts/serve-static.mjs --dir "${PACKAGE}/dist" --port "${PORT}" ${SERVE_FLAGS}
