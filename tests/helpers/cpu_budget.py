"""The CPU each test costs, and the quick tests over their budget (a pytest plugin,
loaded by ``tests/conftest.py``).

Wall-clock durations (``--durations``) follow whatever else the machine runs; the CPU
time a test takes (user + system, of its process and of the commands it ran and waited
for) does not, so this is what the quick run's budget is kept in. Each phase's CPU goes
with its report, through xdist's workers too, and the end of the run says:

- with ``--cpu-durations=N``, the N tests that took the most CPU and the total;
- always, the quick tests (not marked ``slow``) that took more than ``BUDGET_S`` of CPU:
  each should be made cheaper or marked slow with a quick test keeping its behaviour
  (docs/testing.md). It is a warning, never a failure: no test asserts a time.
"""

from __future__ import annotations

import resource

import pytest

BUDGET_S = 2.0  # CPU seconds a quick test may take before the summary names it
_SPENT = pytest.StashKey[dict[str, float]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=0, metavar="N",
                     help="show the N tests that took the most CPU time (user + system)")


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _measured(item: pytest.Item, when: str):
    start = _cpu_seconds()
    yield
    item.stash.setdefault(_SPENT, {})[when] = _cpu_seconds() - start


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    yield from _measured(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    yield from _measured(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    yield from _measured(item, "teardown")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    report.cpu_s = item.stash.get(_SPENT, {}).get(call.when, 0.0)
    report.quick = item.get_closest_marker("slow") is None


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    spent: dict[str, float] = {}
    quick: dict[str, bool] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if hasattr(report, "cpu_s"):
                spent[report.nodeid] = spent.get(report.nodeid, 0.0) + report.cpu_s
                quick[report.nodeid] = report.quick
    if not spent:
        return
    shown = config.getoption("cpu_durations")
    if shown:
        terminalreporter.write_sep("=", f"the {shown} tests that took the most CPU")
        for nodeid, seconds in sorted(spent.items(), key=lambda kv: -kv[1])[:shown]:
            terminalreporter.write_line(f"{seconds:6.2f}s  {nodeid}")
        terminalreporter.write_line(f"{sum(spent.values()):.1f}s of CPU in {len(spent)} tests "
                                    "(setup, call and teardown; collection not counted)")
    over = sorted(((s, n) for n, s in spent.items() if quick[n] and s > BUDGET_S), reverse=True)
    if over:
        terminalreporter.write_sep("=", f"quick tests over {BUDGET_S:g} s of CPU")
        for seconds, nodeid in over:
            terminalreporter.write_line(f"{seconds:6.2f}s  {nodeid}")
        terminalreporter.write_line("make them cheaper, or mark them slow where a quick test "
                                    "keeps their behaviour (docs/testing.md)")
