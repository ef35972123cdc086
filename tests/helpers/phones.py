"""Test clients as the phones at a table: the referee (by the token, the default of
every app ``make_app`` builds), a phone that has not joined, a player in a seat, a
watcher. ``make_app`` sets ``ACCESS_TOKEN`` to ``TEST_TOKEN`` and makes
``app.test_client()`` a ``TableClient``."""

from __future__ import annotations

from flask.testing import FlaskClient

from web.access import get_access

TEST_TOKEN = "test-referee-token"


class TableClient(FlaskClient):
    """Flask's test client, the referee by default (``Authorization: Bearer``);
    ``app.test_client(as_referee=False)`` is a phone that has not joined."""

    def __init__(self, *args, as_referee: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if as_referee:
            self.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TEST_TOKEN}"


def anonymous(app) -> TableClient:
    """A phone that has not joined."""
    return app.test_client(as_referee=False)


def joined(app, seat: str | None = None, *, referee: bool = False) -> TableClient:
    """A phone joined with the table PIN, in ``seat`` (``None``: watching), or with the
    referee PIN when ``referee``."""
    access = get_access(app)
    client = anonymous(app)
    body: dict = {"pin": access.referee_pin if referee else access.table_pin}
    body.update({"seat": seat} if seat else {"watch": True})
    answer = client.post("/api/join", json=body)
    assert answer.status_code == 200, answer.get_json()
    return client
