"""PostgreSQL and Redis for one benchmark run: found from the environment the way .ci/run finds them,
given a database and a key prefix of the run's own, and cleaned up after it.

PostgreSQL: the server of DATABASE_URL when that is a PostgreSQL URL, else 127.0.0.1:5432 as role
``postgres`` or ``root`` (whichever answers). Redis: REDIS_URL, else redis://127.0.0.1:6379/0.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

import psycopg
import redis
from psycopg import sql

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
ROLES = ("postgres", "root")


class BackendMissing(Exception):
    """PostgreSQL or Redis does not answer: the benchmark cannot start."""


@dataclass(frozen=True, slots=True)
class PostgresServer:
    host: str
    port: int
    user: str
    password: str | None = None

    def url(self, database: str) -> str:
        login = quote(self.user) + (f":{quote(self.password)}" if self.password else "")
        return f"postgres://{login}@{self.host}:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> psycopg.Connection:
        return psycopg.connect(
            host=self.host,
            port=self.port,
            user=self.user,
            password=self.password,
            dbname=database,
            autocommit=True,
            connect_timeout=5,
        )

    def version(self) -> str:
        with self.connect() as connection:
            return str(connection.execute("SHOW server_version").fetchone()[0])  # type: ignore[index]


def postgres_server() -> PostgresServer:
    configured = os.environ.get("DATABASE_URL", "")
    if configured.startswith(("postgres://", "postgresql://")):
        parts = urlsplit(configured)
        candidates = [
            PostgresServer(
                parts.hostname or "127.0.0.1",
                parts.port or 5432,
                parts.username or "postgres",
                parts.password,
            )
        ]
    else:
        candidates = [PostgresServer("127.0.0.1", 5432, role) for role in ROLES]
    for server in candidates:
        with contextlib.suppress(psycopg.Error):
            server.connect().close()
            return server
    raise BackendMissing(
        "No PostgreSQL answers: set DATABASE_URL=postgres://user@host:5432/any (the benchmark creates a "
        "database of its own there), or run one on 127.0.0.1:5432 with a postgres or root role."
    )


@contextlib.contextmanager
def database(server: PostgresServer, name: str) -> Iterator[str]:
    """A new, empty database ``name``, dropped afterwards whatever happens; yields its URL."""
    with server.connect() as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield server.url(name)
    finally:
        with server.connect() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def redis_url() -> str:
    url = os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        client.ping()
    except redis.RedisError as error:
        raise BackendMissing(f"Redis at {url} does not answer ({error}): set REDIS_URL.") from None
    finally:
        client.close()
    return url


def redis_version(url: str) -> str:
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        return str(client.info("server")["redis_version"])
    finally:
        client.close()


def forget_keys(url: str, prefix: str) -> None:
    """Delete every key of the run (``prefix`` and whatever the service appended to it)."""
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
        for start in range(0, len(keys), 1000):
            client.delete(*keys[start : start + 1000])
    finally:
        client.close()
