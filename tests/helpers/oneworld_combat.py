"""A OneWorld game brought to its first combat through the API (shared by the browser
tests of the secret choices and of the seats)."""


def oneworld_to_combat(client):
    """Set up OneWorld from the API and bring a CHEZ Stone onto BORG's Stone on D1."""
    client.post("/api/game/start", json={"game": "oneworld"})
    client.post("/api/dice/roll", json={"by": "button"})
    while client.get("/api/game").get_json()["game"]["phase"] != "movement":
        first = client.get("/api/game/actions").get_json()["actions"][0]["action"]
        client.post("/api/game/play", json={"action": first})
    client.post("/api/game/correct", json={"correction": {"type": "move", "from": "C18",
                                                          "to": "E2"}})
    client.post("/api/game/play", json={"action": {"type": "move", "player": "chez",
                                                   "from": "E2", "aspect": "stone",
                                                   "to": "D1"}})
    client.post("/api/game/play", json={"action": {"type": "end_movement",
                                                   "player": "chez"}})
