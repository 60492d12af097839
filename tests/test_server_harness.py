"""The suite's own server harness (tests/server.py): a port taken between finding it and binding it
costs a retry, not a failed test."""

from __future__ import annotations

import socket

import httpx

from tests import server


def test_a_port_taken_before_the_server_binds_it_is_replaced_by_another(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports = iter([taken.getsockname()[1], server.free_port()])
        monkeypatch.setattr(server, "free_port", lambda: next(ports))
        with server.fresh_database(tmp_path) as database, server.running_server(tmp_path, database) as base:
            assert httpx.get(f"{base}/healthz").status_code == 200
            assert not base.endswith(f":{taken.getsockname()[1]}")
        assert "address already in use" in (tmp_path / "server.log").read_text()
