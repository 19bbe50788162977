# syntax=docker/dockerfile:1

# Stage 1: build the wheel (it carries openapi.yaml inside the package, see setup.py) with the
# engine compiled by mypyc: the C compiler is installed here, not in the image that runs.
FROM python:3.11-slim AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Debian's gcc of the base image's release, whatever its patch level (no version pin):
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
RUN pip install --no-cache-dir build==1.3.0
COPY pyproject.toml setup.py MANIFEST.in README.md openapi.yaml ./
COPY scoring_api ./scoring_api
RUN python -m build --wheel --outdir /dist \
    && python -m zipfile -l /dist/*.whl | grep -q "_compiled/manifest.json"

# Stage 2: the dependencies at the exact versions and hashes of requirements.lock (CI checks
# it is current: scripts/lock --check), then the wheel alone; no sources, no build tools.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000
COPY requirements.lock /tmp/requirements.lock
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements.lock && rm /tmp/requirements.lock
COPY --from=build /dist/ /tmp/dist/
RUN pip install --no-cache-dir --no-deps /tmp/dist/*.whl && rm -rf /tmp/dist
WORKDIR /app
COPY gunicorn.conf.py ./
USER 10001:10001
EXPOSE 8000
# Asks /healthz where gunicorn binds: BIND if set (an address, or unix:PATH), else PORT.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-m", "scoring_api.healthcheck"]
ENTRYPOINT ["gunicorn", "-c", "gunicorn.conf.py"]
CMD ["scoring_api.app:create_app()"]
