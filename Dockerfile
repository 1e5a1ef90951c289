# flagadmin's container image, built from this workspace:
#   docker build -t flagadmin .        (podman build / buildah bud: add --format docker, else HEALTHCHECK is dropped)
#   docker run -p 4242:4242 -v flagadmin-data:/data flagadmin
# Settings are the bin's environment names (README "Configuration"); arguments after the image name
# are the bin's flags (`docker run flagadmin --help`). compose.yaml runs two of it on PostgreSQL.

ARG NODE_IMAGE=node:20-slim

# Build: the README's own set-up (the install builds every package's dist/), then a pruned production
# install of the server and the workspace packages it uses into /app (no dev dependencies, no sources
# of other packages, no pnpm at run time).
FROM ${NODE_IMAGE} AS build
ENV CI=true
WORKDIR /src
COPY . .
RUN npx -y pnpm@10 install \
 && npx -y pnpm@10 --filter @flagadmin/server deploy --prod --legacy --ignore-scripts /app

FROM ${NODE_IMAGE}
# Listen on every interface of the container (the bin's default is 127.0.0.1); the data on the volume.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4242 \
    FLAGADMIN_DATA=/data
WORKDIR /app
COPY --from=build /app /app
# `flagadmin` is what `pnpm start` runs (`exec flagadmin`); the official node images have the user `node` (uid 1000).
RUN ln -s /app/bin/flagadmin.js /usr/local/bin/flagadmin \
 && mkdir -p /data \
 && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4242
# The bin stops on SIGTERM: it stops accepting, finishes requests in flight, flushes the storage and exits 0
# within FLAGADMIN_SHUTDOWN_TIMEOUT_MS (10 s); give a stop at least that long (compose.yaml: 15 s).
STOPSIGNAL SIGTERM
# Ready once the storage answers and can take writes; node's own fetch, so the image needs no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const e=process.env,p=e.HTTP_PORT||e.PORT||4242,b=(e.BASE_URI_PATH||'').replace(/^\\/*/,'/').replace(/\\/+$/,'');fetch('http://127.0.0.1:'+p+b+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["flagadmin"]
