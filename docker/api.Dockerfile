# The API: built with the workspace (esbuild → api/dist/server.mjs), run with its production
# dependencies only. Build from the repository root: docker build -f docker/api.Dockerfile .
FROM node:20-bookworm AS build
RUN npm i -g pnpm@10.34.9
WORKDIR /app
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
RUN pnpm install --frozen-lockfile --filter "api..."
COPY . .
RUN pnpm --filter api build \
 && pnpm --filter api deploy --prod --legacy /out \
 && rm -rf /out/dist && cp -r api/dist /out/dist

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /out/ ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server.mjs"]
