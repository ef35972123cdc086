"""GET /api/openapi.json describes every route the app serves, and only those: a new
route without its description fails here."""

import re

IGNORED_METHODS = {"HEAD", "OPTIONS"}


def routes(app):
    """Every (path, method) the app serves, its path written as OpenAPI writes it."""
    served = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        served |= {(path, method.lower()) for method in rule.methods - IGNORED_METHODS}
    return served


def test_every_route_is_described_and_nothing_else(app, client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    assert spec["openapi"].startswith("3.")
    described = {(path, method) for path, item in spec["paths"].items() for method in item}
    assert routes(app) - described == set(), "routes without a description"
    assert described - routes(app) == set(), "descriptions of no route"


def test_every_path_parameter_is_declared_and_every_operation_answers(client):
    spec = client.get("/api/openapi.json").get_json()
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
            assert declared == set(re.findall(r"{(\w+)}", path)), (method, path)
            assert operation["summary"] and operation["responses"], (method, path)
            body = operation.get("requestBody", {}).get("content", {})
            assert all("schema" in media for media in body.values()), (method, path)
