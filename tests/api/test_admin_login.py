"""/admin/login/ is throttled before the password is hashed (issue 23, finding 8): attempts per address
and per username, past which a 429 with Retry-After says when to try again. Through the whole ASGI
application, each client with an address of its own, on this process's memory store (its clock can be
moved on; Redis keeps its own).

Every hash is counted (the hasher's encode and verify): Django hashes once per attempt, even for a
username that does not exist, and that hash is the CPU a guesser spends of ours.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User

from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

RIGHT = "correct horse battery staple"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def hashes(settings: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The salt of every password hash computed from now on (a fast hasher: what counts is how many)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    computed: list[str] = []
    encode = MD5PasswordHasher.encode

    def spy(self: Any, password: str, salt: str) -> str:
        computed.append(salt)
        return encode(self, password, salt)

    # encode is the hash itself: verify (a login) and make_password (an unknown username) both call it.
    monkeypatch.setattr(MD5PasswordHasher, "encode", spy)
    return computed


@pytest.fixture
def throttled(settings: Any, hashes: list[str]) -> Any:
    """Rate limits on, in memory; 3 attempts a minute per address, the username limit roomy."""
    settings.RATE_LIMITS = True
    settings.REDIS_URL = ""
    settings.RATE_LIMIT_ADMIN_LOGIN_PER_IP = "3/minute"
    settings.RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME = "1000/hour"
    return settings


@pytest.fixture
async def root(throttled: Any, hashes: list[str]) -> str:
    await sync_to_async(User.objects.create_superuser)("root", "root@example.com", RIGHT)
    hashes.clear()  # creating the account hashed its password
    return "root"


class Browser:
    """One person at one address: the login form's CSRF token, then its posts."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    async def log_in(self, username: str, password: str) -> httpx.Response:
        form = await self.http.get("/admin/login/")
        token = TOKEN.search(form.text)
        assert token, form.text[:500]
        fields = {
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": token[1],
            "next": "/admin/",
        }
        return await self.http.post("/admin/login/?next=/admin/", data=fields)


@asynccontextmanager
async def browser(address: str) -> AsyncIterator[Browser]:
    transport = httpx.ASGITransport(app=application, client=(address, 40_000))
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as http:
        yield Browser(http)


def later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The clock moved on by ``seconds`` for everything that reads time.time() (the limiter)."""
    now = time.time
    monkeypatch.setattr(time, "time", lambda: now() + seconds)


def stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock stands still for the limiter: its windows are fixed ("3/minute" restarts at each whole
    minute), and guesses that straddled one would get a fresh allowance halfway."""
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)


def refused(response: httpx.Response) -> bool:
    return response.status_code == 429


async def test_guesses_past_the_limit_are_refused_before_the_password_is_hashed(
    root, hashes, record_property, monkeypatch
):
    stopped(monkeypatch)
    async with browser("203.0.113.7") as guesser:
        answers = [await guesser.log_in(root, f"guess {n}") for n in range(30)]
    checked = [answer for answer in answers if not refused(answer)]
    assert len(checked) == 3
    assert all(answer.status_code == 200 and "Please enter the correct" in answer.text for answer in checked)
    assert len(hashes) == 3, "one hash per allowed attempt, none for a refused one"
    last = answers[-1]
    assert refused(last)
    assert 1 <= int(last.headers["retry-after"]) <= 60
    assert "Too many admin login attempts from your address; try again in" in last.text
    assert "Try again after" in last.text
    record_property(
        "figure",
        f"{len(answers)} guesses from one address: {len(hashes)} hashed, {len(answers) - 3} answered 429",
    )


async def test_a_right_password_is_refused_until_the_window_passes(root, hashes, monkeypatch):
    async with browser("203.0.113.8") as guesser:
        for n in range(3):
            assert not refused(await guesser.log_in(root, f"guess {n}"))
        locked = await guesser.log_in(root, RIGHT)
        assert refused(locked)
        assert "sessionid" not in guesser.http.cookies
        assert len(hashes) == 3

        later(monkeypatch, 61)
        admitted = await guesser.log_in(root, RIGHT)
        assert admitted.status_code == 302 and admitted.headers["location"] == "/admin/"
        assert "sessionid" in guesser.http.cookies


async def test_another_address_is_not_affected(root):
    async with browser("203.0.113.9") as guesser, browser("198.51.100.4") as admin:
        for n in range(4):
            await guesser.log_in(root, f"guess {n}")
        assert refused(await guesser.log_in(root, RIGHT))
        admitted = await admin.log_in(root, RIGHT)
        assert admitted.status_code == 302


async def test_a_username_is_limited_across_addresses(root, throttled, hashes):
    throttled.RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME = "4/hour"
    for n in range(4):
        async with browser(f"192.0.2.{n + 1}") as guesser:
            assert not refused(await guesser.log_in(root, f"guess {n}"))
    async with browser("192.0.2.50") as fifth:
        locked = await fifth.log_in("ROOT ", RIGHT)  # however it is typed
        assert refused(locked)
        assert "Too many admin login attempts for this username" in locked.text
        assert len(hashes) == 4
        # Another account from the same address is not locked.
        assert not refused(await fifth.log_in("someone-else", "whatever"))
