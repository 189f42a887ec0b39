# RedHope in a container: `docker compose up` (compose.yaml) runs it with PostgreSQL and Redis.
# Two stages: the first installs every dependency and builds the web app and the server; the
# second holds only what runs (production dependencies, dist/) and runs as the unprivileged user
# `node`. Node 20, pinned to the release CI runs.

FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 downloads a prebuilt binary when it can and compiles itself when it cannot.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20.20.2-bookworm-slim AS runtime
# NODE_ENV=production makes PUBLIC_URL required: give it at run time (`-e PUBLIC_URL=…`, or
# compose.yaml, which asks for it), or the server stops at start and names it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are read-only for the server; only /data is its own.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means the database (and Redis, when set) answer: GET /api/ready. No curl in the slim
# image, so Node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Operator commands in the container: node dist/server/admin.js promote EMAIL,
# node dist/server/backup.js FOLDER, node dist/server/restore.js FILE (see docs/operations.md).
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
