# The ticketing platform: one image for every role (see docker-compose.yml).
#   docker build -t ticketing-platform:local .
# Node 20 matches package.json's engines (better-sqlite3 12, react-router 7 and vitest 4 are the Node 20 lines).

# --- dependencies: better-sqlite3 compiles from source, so the build tools are needed here only ---
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- the web bundle (web/dist) and the server bundle (dist/server) ---
FROM deps AS build
COPY . .
RUN npm run build

# --- production dependencies only (the server runs as bundled JavaScript: no TypeScript at run time) ---
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# --- runtime ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A larger young generation for the server (docs/decisions/young-generation.md).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=30", "--enable-source-maps", "dist/server/main.js"]
