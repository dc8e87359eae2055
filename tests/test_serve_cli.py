"""``referee serve`` as the director starts it, in a real process: plain refusals (no
tournament or log, a port in use, a second server on the same folder), the addresses
said (``--json``, ``--urls``, ``--host 0.0.0.0``), Ctrl-C, a round paired while it runs,
a SIGKILL in the middle of entries (nothing accepted lost, a restart carries on), and the
table commands still loading none of the server's packages."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from referee.table.simulate import simulate_match
from tests.conftest import LOADED_AT_EXIT, loaded_at_exit
from tests.serve_support import ENV, Server, cli, get, new_event, post, referee

SERVER_PACKAGES = ("starlette", "uvicorn", "segno", "jinja2", "referee.serve", "anyio", "h11")


def test_nothing_to_serve_is_a_plain_refusal(tmp_path: Path) -> None:
    done = referee("serve", "--port", "0", cwd=tmp_path)
    assert done.returncode == 1 and "[serve.source]" in done.stderr
    assert (
        "no tournament here (no tournament.toml)" in done.stderr and "Traceback" not in done.stderr
    )
    done = referee("serve", "-f", "nothing.toml", cwd=tmp_path)
    assert (
        done.returncode == 1 and "[serve.source]" in done.stderr and "no such file" in done.stderr
    )
    done = referee("serve", "--dir", ".", "-f", "x.toml", cwd=tmp_path)
    assert done.returncode == 2 and "give --dir or -f, not both" in done.stderr


def test_a_port_in_use_and_a_second_server_are_plain_refusals(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = referee("serve", "--port", str(port), cwd=event)
    assert done.returncode == 1 and f"[serve.port]: port {port} is in use" in done.stderr
    first = Server(cwd=event)
    try:
        done = referee("serve", "--port", "0", cwd=event)
        assert done.returncode == 1 and "[serve.running]" in done.stderr
        assert first.said["board"].rstrip("/") in done.stderr  # where the first one serves
        assert json.loads(referee("serve", "--urls", cwd=event).stdout) == first.said
    finally:
        code, out, err = first.stop()
    assert code == 0 and "referee serve stopped; every entry accepted is in its log." in err
    assert out == ""  # --json: the one line of JSON, and nothing else
    assert not (event / "referee-serve.lock").exists()


def test_the_room_is_told_which_address_to_use(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    server = subprocess.Popen(
        [sys.executable, "-m", "referee", "serve", "--host", "0.0.0.0", "--port", "0"],
        cwd=event,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    lines = [server.stdout.readline() for _ in range(3)]
    server.send_signal(signal.SIGINT)
    rest, _ = server.communicate(timeout=20)
    said = [line for line in [*lines, *rest.splitlines()] if "network" in line]
    assert len(said) == 1, lines
    assert said[0].startswith(
        ("Other devices on the room's network use http://", "This machine has")
    )
    assert lines[0].startswith("Board (for everyone): http://") and "127.0.0.1" not in said[0]


def test_a_round_paired_while_serving_opens_at_once(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    server = Server(cwd=event)
    try:
        assert get(server.table(0))[0] == 200
        for n, t in enumerate(server.said["tables"], 1):
            cli(
                "tournament",
                "result",
                str(n),
                "--forfeit",
                t["sides"][1],
                "--reason",
                "x",
                "--dir",
                str(event),
            )
        cli("tournament", "pair", "--dir", str(event))
        now = json.loads(referee("serve", "--urls", cwd=event).stdout)
        assert [t["round"] for t in now["tables"]] == [2, 2]
        status, page = get(now["tables"][0]["url"])
        assert status == 200 and "Round 2, table 1" in page
        assert "Round 2 of" in get(now["director"])[1]
        status, answer = post(server.table(0) + "/entry", {"base": 0, "command": "undo"})
        assert status == 404 and answer["rule"] == "serve.key"  # the old round: read only
    finally:
        server.stop()


def simulated_deal(tmp_path: Path) -> tuple[Path, list[dict[str, Any]], list[tuple[str, ...]]]:
    """A new log with a simulated Basra deal dealt, and its plays as JSON entries and as
    typed CLI arguments."""
    match = simulate_match("basra", "egyptian", 2, 3, {}, deals=1)
    deal = match.deals[0]
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "match.toml"
    cli(
        "new",
        "basra",
        *(x for p in match.players for x in ("-p", p)),
        "--date",
        "2026-12-01",
        "-f",
        str(log),
    )
    floor = " ".join(map(str, deal.cards("floor")))
    buried = deal.setup.get("buried")
    more = ["--buried", " ".join(map(str, buried))] if buried else []
    cli("deal", "--dealer", deal.dealer, "--floor", floor, *more, "-f", str(log))
    bodies, typed = [], []
    for e in deal.plays:
        how = {"takes": " ".join(map(str, e.takes))} if e.takes else {"trail": True}
        bodies.append({"command": "play", "cards": [str(e.card)], **how})
        typed.append(
            ("play", str(e.card), *(("--takes", how["takes"]) if e.takes else ("--trail",)))
        )
    return log, bodies, typed


def test_a_killed_server_loses_nothing_accepted_and_carries_on(tmp_path: Path) -> None:
    log, bodies, typed = simulated_deal(tmp_path / "served")
    server = Server("-f", str(log), cwd=log.parent)
    url = server.table() + "/entry"
    accepted: list[int] = []

    def enter() -> None:
        for base, body in enumerate(bodies, 1):
            try:
                status, answer = post(url, body | {"base": base})
            except OSError:
                return
            if status != 200:
                return
            accepted.append(answer["entries"])

    poster = threading.Thread(target=enter)
    poster.start()
    while len(accepted) < 12 and poster.is_alive():
        time.sleep(0.005)
    server.process.kill()  # SIGKILL, in the middle of the entries
    server.process.wait(timeout=10)
    poster.join(timeout=20)
    now = referee_entries(log)
    assert len(accepted) >= 12 and now in (accepted[-1], accepted[-1] + 1), (accepted, now)
    # every entry answered is there, and at most the one in flight besides, whole
    assert referee("verify", str(log), cwd=log.parent).returncode == 0
    again = Server("-f", str(log), cwd=log.parent)
    try:
        assert keys_of(again.said) == keys_of(server.said)  # the same keys: the same pages
        _, state = get(again.table() + "/state")
        start = json.loads(state)["entries"]
        for base, body in enumerate(bodies[start - 1 :], start):
            assert post(again.table() + "/entry", body | {"base": base})[0] == 200
    finally:
        again.stop()
    typed_log, _, _ = simulated_deal(tmp_path / "typed")
    for args in typed:
        cli(*args, "-f", str(typed_log))
    assert log.read_bytes() == typed_log.read_bytes()
    assert not [p for p in log.parent.iterdir() if p.name.endswith(".tmp")]


def keys_of(said: dict[str, Any]) -> list[str]:
    return [
        said["director"].rsplit("/", 1)[1],
        *(t["url"].rsplit("/", 1)[1] for t in said["tables"]),
    ]


def referee_entries(log: Path) -> int:
    from referee.log.file import load
    from referee.serve.source import entries_of

    match, _ = load(log)
    assert match is not None
    return entries_of(match)


@pytest.mark.parametrize("command", [("show",), ("play", "8S", "--trail"), ("options", "8S")])
def test_the_table_commands_load_none_of_the_servers_packages(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    cli("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(tmp_path / "match.toml"))
    cli("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(tmp_path / "match.toml"))
    code = LOADED_AT_EXIT.format(argv=list(command))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=ENV, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    loaded = loaded_at_exit(done.stderr)
    assert f"referee.cli.commands.{command[0]}" in loaded
    assert [m for m in loaded if m.startswith(SERVER_PACKAGES)] == []


def test_pair_and_status_say_how_the_tables_record_with_serve_and_no_key(tmp_path: Path) -> None:
    """``pair`` and ``status`` name the table's ``referee live`` command and, beside it, the
    served pages: the command that serves them and the one that prints their addresses.
    A key is never in what they print (it may be logged or posted), even once
    ``serve --urls`` has made every key."""
    cup = tmp_path / "cup"
    new_event(cup, 4)
    said = referee("serve", "--urls", cwd=cup)
    keys = json.loads((cup / "referee-serve-keys.json").read_text())
    secrets = [keys["secret"], keys["director"], *keys["tables"].values()]
    assert all(k in said.stdout for k in keys["tables"].values())  # --urls shows them
    at = ("--dir", str(cup))
    shown = {
        "status": cli("tournament", "status", *at),
        "status ru": cli("--lang", "ru", "tournament", "status", *at),
    }
    serve = f"referee serve --dir {cup} --host 0.0.0.0"
    urls = f"referee serve --urls --dir {cup}"
    assert (
        f"Or on the tables' phones: {serve} gives every table its page (the director's board "
        f"has the slips to print, a QR code each); {urls} prints the addresses"
    ) in shown["status"]
    assert serve in shown["status ru"] and urls in shown["status ru"]
    for table in ("1", "2"):  # every table of round 1 decided: round 2 paired
        cli("tournament", "result", table, "--time", "--reason", "clock", *at)
    shown["pair"] = cli("tournament", "pair", *at)
    shown["urls"] = referee("serve", "--urls", "--dir", str(cup), cwd=tmp_path).stdout
    keys = json.loads((cup / "referee-serve-keys.json").read_text())
    secrets += [keys["secret"], *keys["tables"].values()]
    assert len(keys["tables"]) == 4  # round 2's tables have keys now
    assert f"{serve} gives every table its page" in shown["pair"]
    assert f"{urls} prints the addresses" in shown["pair"]
    shown["status 2"] = cli("tournament", "status", *at)
    assert f"{urls} prints the addresses" in shown["status 2"]
    for name, text in shown.items():
        if name != "urls":
            assert not [k for k in secrets if k in text], name
