"""The admin's login page, throttled: each attempt is counted per address and per username before the
password is hashed.

The hash is what a guess costs the server (PBKDF2: 0.2 s of CPU here, and Django hashes even for a
username that does not exist, so that timing does not tell which exist): eight clients guessing kept
both cores busy. Every POST is an attempt, right or wrong, counted with the `limits` rules of
api/common/ratelimits.py (RATE_LIMIT_ADMIN_LOGIN_PER_IP, then RATE_LIMIT_ADMIN_LOGIN_PER_USERNAME over
every address). Past either, the answer is 429 with Retry-After and a page that says when to try again,
and the password is not checked: a right one is refused too until the window has passed. A refused
attempt is not counted, so waiting is enough. RATE_LIMITS=false lifts this as it lifts every limit.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any

import structlog
from asgiref.sync import sync_to_async
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html

from api.common import ratelimits
from api.common.ratelimits import Refusal

log = structlog.get_logger(__name__)

LOCKED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Too many login attempts</title></head>
<body><h1>Too many login attempts</h1><p>{message}</p>
<p>Try again after {when} UTC: <a href="{again}">the login page</a>.</p></body></html>
"""


def username_key(username: str) -> str:
    """One key per account however it is typed, of bounded size whatever was sent."""
    return hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]


async def attempt(request: HttpRequest) -> Refusal | None:
    """Count this attempt for its address, then its username; a Refusal when either is spent."""
    refusal = await ratelimits.hit("admin_login", request.META.get("REMOTE_ADDR") or "unknown")
    username = request.POST.get("username", "")
    if refusal is None and username:
        refusal = await ratelimits.hit("admin_login_username", username_key(username))
    return refusal


def locked_out(request: HttpRequest, refusal: Refusal) -> HttpResponse:
    """429: how long to wait, in the header and in words."""
    seconds = int(refusal.retry_after_header)
    when = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=seconds)
    page = format_html(LOCKED_PAGE, message=refusal.message, when=f"{when:%H:%M:%S}", again=request.path)
    response = HttpResponse(page, status=429, content_type="text/html; charset=utf-8")
    response["Retry-After"] = refusal.retry_after_header
    response["Cache-Control"] = "no-store"
    # Logged here, at INFO, with the address: not once more by django.request at WARNING for each 429
    # (the flag is how Django marks a response it logged), thousands a minute during a guessing run.
    log.info("admin_login_throttled", client=request.META.get("REMOTE_ADDR"), retry_after=seconds)
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


async def login(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """/admin/login/: the admin site's own view, once the attempt is allowed."""
    if request.method == "POST":
        refusal = await attempt(request)
        if refusal is not None:
            return locked_out(request, refusal)
    response: HttpResponse = await sync_to_async(admin.site.login)(request, **kwargs)
    return response
