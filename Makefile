.PHONY: run dev test test-postgres bench bench-load bench-play lint

run:            ## the site and a Celery worker on http://127.0.0.1:8000
	scripts/run.sh

dev:            ## the same with DJANGO_DEBUG=true (tracebacks in the browser: never on a public address)
	DJANGO_DEBUG=true scripts/run.sh

test:           ## the whole test suite on the embedded defaults
	scripts/test.sh

test-postgres:  ## the suite against PostgreSQL and Redis on 127.0.0.1
	scripts/services.sh && \
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardsite CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \
	CELERY_RESULT_BACKEND=django-db scripts/test.sh

bench:          ## benchmarks (PostgreSQL for the catalog search)
	scripts/bench.sh

bench-load:     ## locust against gunicorn, PostgreSQL, Redis and a Celery worker, 60 s per endpoint
	scripts/bench.sh load

bench-play:     ## the fixed-deck games played whole: games/s in the engine, the play endpoint's answer to 1,000 actions
	scripts/bench.sh play

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check .
