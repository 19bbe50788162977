# syntax=docker/dockerfile:1

# Stage 1: build the wheel (it carries openapi.yaml inside the package, see pyproject.toml).
FROM python:3.11-slim AS build
WORKDIR /src
RUN pip install --no-cache-dir build==1.3.0
COPY pyproject.toml README.md openapi.yaml ./
COPY scoring_api ./scoring_api
RUN python -m build --wheel --outdir /dist

# Stage 2: install only the wheel and its dependencies; no sources, no build tools.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000
COPY --from=build /dist/ /tmp/dist/
RUN pip install --no-cache-dir /tmp/dist/*.whl && rm -rf /tmp/dist
WORKDIR /app
COPY gunicorn.conf.py ./
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/healthz', timeout=4)"]
ENTRYPOINT ["gunicorn", "-c", "gunicorn.conf.py"]
CMD ["scoring_api.app:create_app()"]
