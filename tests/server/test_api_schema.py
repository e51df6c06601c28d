"""Schemathesis against the HTTP API's own OpenAPI schema, on a real server: whatever a
client sends, no server error and every answer as the schema describes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from popote.server.app import create_app
from popote.server.settings import Settings
from tests.server.harness import Server


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data: Path = tmp_path_factory.mktemp("schema")
    with Server(data, None) as server:
        yield server


@pytest.fixture(scope="module")
def token(api_server: Server) -> str:
    return api_server.guest("Schemathesis")


# The schema the server publishes at /openapi.json, built from the same code without
# starting anything (schemathesis' lazy loading from a fixture does not run on pytest 9).
schema = schemathesis.openapi.from_dict(create_app(Settings()).openapi())


@schema.parametrize()
@settings(
    max_examples=10,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_as_its_schema_says(
    case: schemathesis.Case[Any], api_server: Server, token: str
) -> None:
    case.call_and_validate(
        base_url=api_server.url,
        headers={"Authorization": f"Bearer {token}"},
        # The rules refuse some requests the schema allows (an unknown game, a name of only
        # spaces, a bot level that does not exist): 422 with a message, as documented.
        excluded_checks=[positive_data_acceptance],
    )
