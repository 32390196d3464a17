# syntax=docker/dockerfile:1
# Every image of the system from this one file (ADR 0071): a target per app and the tooling image.
# Build context = repo root; name the target:
#   docker build --target payments -t opp/payments .
#   docker build --target tools -t opp/tools .   # Kafka topic creation (compose and the k8s Job)
# Node 22 LTS pinned by digest (tools/deploy-check asserts it): a rebuild gets the same base image bytes.
# The digest is the multi-platform index of node:22-bookworm-slim (Node 22.23.2) as the official
# image's published repository information lists it (ADR 0071 says how to move it).
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:48e4b67d85f87bd551df43704e24d252f56cc5f8e9718841aace50f19948f0f9

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# node-gyp's toolchain: pkcs11js (the PKCS#11 key-encryption-key provider, ADR 0063) is a native
# addon compiled against the image's own Node. Only the install stages have it; no image ships it.
FROM base AS build-tools
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM build-tools AS builder
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY tsconfig.base.json tsconfig.build.json ./
COPY apps ./apps
COPY libs ./libs
COPY packages ./packages
COPY tools ./tools
RUN npm run build

FROM build-tools AS prod-deps
COPY package.json package-lock.json ./
# No install scripts: production runs only code from the lockfile. The one native addon is then
# compiled from its locked source, so an image can use an HSM without a build of its own.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts
RUN npm rebuild pkcs11js

# The stack CLI (Kafka topic creation) with production dependencies only, like the app images.
FROM base AS tools
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=builder /app/dist/libs ./dist/libs
COPY --from=builder /app/dist/packages ./dist/packages
COPY --from=builder /app/dist/tools/local-stack ./dist/tools/local-stack
COPY --from=builder /app/dist/tools/stack ./dist/tools/stack
USER node
CMD ["node", "dist/tools/stack/src/cli.js", "topics"]

# What every app image holds; each app's target below adds its compiled code, port and command.
# Files stay root-owned so the non-root process cannot modify its own code. The build compiled the
# @opp/* aliases to relative paths: plain `node <file>` runs dist as laid out here.
FROM base AS app
ENV NODE_ENV=production
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=builder /app/dist/libs ./dist/libs
COPY --from=builder /app/dist/packages ./dist/packages
USER node
# APP_PORT is the image's default port; if you override the app's own port variable, set APP_PORT too.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.APP_PORT + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM app AS api-gateway
ENV APP=api-gateway APP_PORT=3000
COPY --from=builder /app/dist/apps/api-gateway ./dist/apps/api-gateway
EXPOSE 3000
CMD ["node", "dist/apps/api-gateway/src/main.js"]

FROM app AS users-recurring
ENV APP=users-recurring APP_PORT=3001
COPY --from=builder /app/dist/apps/users-recurring ./dist/apps/users-recurring
EXPOSE 3001
CMD ["node", "dist/apps/users-recurring/src/main.js"]

FROM app AS payments
ENV APP=payments APP_PORT=3002
COPY --from=builder /app/dist/apps/payments ./dist/apps/payments
EXPOSE 3002
CMD ["node", "dist/apps/payments/src/main.js"]

FROM app AS payouts
ENV APP=payouts APP_PORT=3003
COPY --from=builder /app/dist/apps/payouts ./dist/apps/payouts
EXPOSE 3003
CMD ["node", "dist/apps/payouts/src/main.js"]

FROM app AS notifier
ENV APP=notifier APP_PORT=3004
COPY --from=builder /app/dist/apps/notifier ./dist/apps/notifier
EXPOSE 3004
CMD ["node", "dist/apps/notifier/src/main.js"]

FROM app AS processing-orchestrator
ENV APP=processing-orchestrator APP_PORT=3005
COPY --from=builder /app/dist/apps/processing-orchestrator ./dist/apps/processing-orchestrator
EXPOSE 3005
CMD ["node", "dist/apps/processing-orchestrator/src/main.js"]
