"""The page's live events send the game's history only when it changed: a long game's
reading that changed nothing costs the same as at the start (issue 15)."""

from companion.journal import Journal
from companion.table.reading import UNSURE
from companion.table.session import TableSession
from web.table_events import TableEvents


def test_the_history_goes_with_an_event_only_when_it_changed():
    journal = Journal(":memory:")
    table = TableSession(journal)
    sent = []
    table.subscribe(TableEvents(table, lambda kind, data: sent.append((kind, data))))
    table.start("one", {"stones": 6})
    table.play({"type": "place", "player": "black", "at": "A1"})
    assert sent[-1][0] == "table"
    assert [step["text"] for step in sent[-1][1]["game"]["history"]] == [
        "Black places on A1"]
    seen = table.game.view(table.state)
    table.submit_reading(seen)  # nothing changed
    assert "history" not in sent[-1][1]["game"]
    assert sent[-1][1]["verdict"]["kind"] == "unchanged"
    table.submit_reading({**seen, "C4": UNSURE}, disturbed=True)  # a question
    assert "history" not in sent[-1][1]["game"]
    table.undo()
    assert sent[-1][1]["game"]["history"] == []
    table.start("one", {"stones": 6})
    assert sent[-1][1]["game"]["history"] == []  # another game: sent again
    table.close()
    journal.close()
