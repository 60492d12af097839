import pytest

from tests.toys import odds_and_evens as toy


def specs():  # the toy game keeps the harness honest while games are added
    from games.registry import REGISTRY

    return [toy.SPEC, *REGISTRY.values()]


def pytest_generate_tests(metafunc):
    if "spec" in metafunc.fixturenames:
        all_specs = specs()
        metafunc.parametrize("spec", all_specs, ids=[spec.key for spec in all_specs])


@pytest.fixture
def playouts_per_game():
    return 1_000
