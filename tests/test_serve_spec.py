"""serve.md read line by line against ``referee serve``: the state as ``show --json`` gives it
for every game, a wrong or old key a plain 404 page that changes nothing, the reader's
language kept from page to page, the slips of a closed tournament, and the one line a
server on the room's network says (``--host 0.0.0.0`` or an address)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from referee.serve.source import Served
from tests.conftest import SAMPLES
from tests.serve_support import (
    at_table,
    cli,
    client,
    digest,
    entry,
    form_fields,
    new_event,
    new_match,
    path_of,
    table_url,
    urls,
)

GAMES = ("basra-lebanese-3p", "bura-classic-3p", "kozel-classic-4p", "pasur-thirteen-4p")
HOSTS = {  # --host, and whether it serves the room
    "0.0.0.0": True, "192.0.2.7": True, "myhost.local": True,
    "127.0.0.1": False, "127.0.0.2": False, "localhost": False, "::1": False,
}  # fmt: skip


@pytest.mark.parametrize("sample", [f"{name}.toml" for name in GAMES])
def test_the_state_of_every_game_is_show_json_with_digest_and_entries(
    tmp_path: Path, sample: str
) -> None:
    """``GET /t/KEY/state``: ``show --json``'s object, plus the log's SHA-256 and its
    entries (each deal one, each entry of a deal one), for a finished match of each game."""
    from referee.log.file import load

    log = tmp_path / sample
    shutil.copyfile(SAMPLES / sample, log)
    served = Served(log=log)
    r = client(served).get(f"{table_url(served)}/state")
    assert r.status_code == 200
    match, _ = load(log)
    assert match is not None
    count = len(match.deals) + sum(len(d.plays) for d in match.deals)
    shown = json.loads(cli("show", "--json", "-f", str(log)))
    assert json.loads(r.text) == shown | {"digest": digest(log), "entries": count}


def test_an_old_key_gets_a_plain_404_page_and_changes_nothing(tmp_path: Path) -> None:
    """The key file deleted (new keys made): the old slip's key opens nothing, by page,
    form, state or JSON entry, each a 404 in the reader's language, and nothing is written;
    the new key opens the table."""
    log = new_match(tmp_path / "m")
    served = Served(log=log)
    c = client(served)
    old = table_url(served)
    fields = form_fields(c.get(old).text)
    served.keys_path.unlink()
    new = table_url(served)
    assert new != old
    before = log.read_bytes()
    page = c.get(old, headers={"accept-language": "ru"})
    assert page.status_code == 404 and '<html lang="ru"' in page.text
    assert "Здесь ничего нет" in page.text and 'name="token"' not in page.text
    form = c.post(old, data=fields | {"command": "play", "cards": "8S", "choice": "-"})
    assert form.status_code == 404
    state = c.get(f"{old}/state")
    assert state.status_code == 404 and json.loads(state.text)["rule"] == "serve.key"
    status, body = entry(c, old, {"base": 1, "command": "play", "cards": ["8S"], "trail": True})
    assert (status, body["rule"]) == (404, "serve.key")
    assert c.get(f"{old}/tag").status_code == 404 and c.get(f"{old}/amend").status_code == 404
    assert log.read_bytes() == before
    assert c.get(new).status_code == 200


def test_a_page_asked_for_in_a_language_keeps_it_in_its_links_and_forms(tmp_path: Path) -> None:
    """``?lang=ar`` on a phone whose browser asks for English: the table page's links, the
    correction page's form and way back, the answer to an entry, and the way back from a
    refused request all stay in Arabic."""
    log = new_match(tmp_path / "m")
    cli("play", "8S", "--trail", "-f", str(log))
    c, url = at_table(log)
    english = {"accept-language": "en"}
    page = c.get(f"{url}?lang=ar", headers=english).text
    assert f'href="{url}/amend?lang=ar"' in page and f'href="{url}/hand?lang=ar"' in page
    amend = c.get(f"{url}/amend?lang=ar", headers=english).text
    assert '<html lang="ar" dir="rtl">' in amend
    assert f'action="{url}?lang=ar"' in amend and f'href="{url}?lang=ar"' in amend
    r = c.post(f"{url}?lang=ar", data=form_fields(amend) | {"command": "undo"}, headers=english)
    assert r.status_code == 303 and r.headers["location"] == f"{url}?lang=ar&did=undo"
    missing = c.get("/t/nothing?lang=fa", headers=english).text
    assert '<html lang="fa" dir="rtl">' in missing and 'href="/?lang=fa"' in missing


def test_the_slips_of_a_closed_tournament_are_its_last_rounds_tables(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup", 4)
    at = ("--dir", str(event))
    served = Served(folder=event)
    director = path_of(urls(served)["director"])
    for paired in (False, True):  # round 1 decided, round 2 paired and decided
        if paired:
            cli("tournament", "pair", *at)
        for table in ("1", "2"):
            cli("tournament", "result", table, "--time", "--reason", "clock", *at)
    cli("tournament", "close", *at)
    assert urls(served)["tables"] == []  # nothing takes entries now
    slips = client(served).get(f"{director}/slips").text
    titles = re.findall(r"<h2>(Round \d+, table \d+)</h2>", slips)
    assert titles == ["Round 2, table 1", "Round 2, table 2"]
    assert len(re.findall(r'class="qr"', slips)) == 2


@pytest.mark.parametrize(("host", "room"), HOSTS.items())
def test_a_server_on_the_rooms_network_says_which_address_in_one_line(
    tmp_path: Path, host: str, room: bool
) -> None:
    """``--host 0.0.0.0`` (or an address other devices reach) says in one line the address
    the phones use; on this machine alone, no such line."""
    from referee.serve.start import addresses, said_for_people

    log = new_match(tmp_path / "m")
    base = "http://192.0.2.7:8031" if room else "http://127.0.0.1:8031"
    lines = said_for_people(addresses(Served(log=log), base), host)
    said = [line for line in lines if "network" in line]
    if not room:
        assert said == []
    elif host == "0.0.0.0":
        assert len(said) == 1
    else:
        assert said == [f"Other devices on the room's network use {base}"]
