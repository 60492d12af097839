"""Static files under ASGI: whitenoise finds the file and writes the headers; the event loop sends it.

WhiteNoiseMiddleware itself is synchronous. Under ASGI, Django would run it, and so every page, admin
and /healthz request behind it, on its one thread for synchronous code, and would read each file whole
into memory before sending a byte ("StreamingHttpResponse must consume synchronous iterators"). This
subclass answers on the event loop and streams the file in blocks read on a worker thread.
Everything else (compressed variants, Cache-Control, ETag and 304, ranges) is whitenoise's.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, BinaryIO

from asgiref.sync import markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware

BLOCK = 256 * 1024


async def blocks(file: BinaryIO | None) -> AsyncIterator[bytes]:
    """The file's bytes, a block at a time, each read off the event loop; closes the file."""
    if file is None:  # HEAD, 304
        return
    try:
        while True:
            block = await asyncio.to_thread(file.read, BLOCK)
            if block:
                yield block
            if len(block) < BLOCK:  # a short read is the end (of the file, or of the range)
                return
    finally:
        file.close()


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    sync_capable = False
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Awaitable[HttpResponseBase]], **kwargs: Any):
        super().__init__(get_response, **kwargs)
        markcoroutinefunction(self)

    async def __call__(self, request: HttpRequest) -> HttpResponseBase:  # type: ignore[override]
        if self.autorefresh:  # development: looks on disk (and through the finders) on every request
            static_file = await sync_to_async(self.find_file, thread_sensitive=False)(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is None:
            return await self.get_response(request)
        answer = static_file.get_response(request.method, request.META)
        response = StreamingHttpResponse(blocks(answer.file), status=int(answer.status))
        del response["Content-Type"]
        for key, value in answer.headers:
            response[key] = value
        return response
