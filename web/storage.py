"""Static files as collectstatic leaves them: hashed names (cached for good) and gzip copies.

The manifest storage hands out hashed names (``site.3f2a9c.css``) that whitenoise serves with a
ten-year, immutable Cache-Control; the original names stay too (served with a short max-age), because
ES modules import one another by their plain relative names. Where collectstatic has not run (a fresh
clone, the test suite) or has not seen a file yet, ``{% static %}`` gives the plain name, which
whitenoise serves from the apps' static folders (WHITENOISE_USE_FINDERS), instead of failing the page.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # not collected: no manifest entry and no file in STATIC_ROOT to hash
            return name
