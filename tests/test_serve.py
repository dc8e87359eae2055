"""``referee serve``'s JSON interface and pages on Starlette's test client: the state as
``show --json`` gives it with its digest and entries, entries written byte for byte as
the CLI writes them, refusals with their rule and legal plays (nothing written), the stale
check, the forms with their token, and the boards."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from referee.serve.source import Served
from tests.serve_support import (
    at_table,
    cli,
    client,
    digest,
    entry,
    form_fields,
    new_event,
    new_match,
    next_round,
    path_of,
    table_url,
    urls,
)


def twin(log: Path) -> Path:
    """A copy of ``log`` the same entries are typed into at the CLI."""
    other = log.with_name("cli.toml")
    shutil.copyfile(log, other)
    return other


def played_twice(log: Path) -> Path:
    """The twin of ``log``, and the same two plays typed into both at the CLI (Ali's 8S
    takes 5H 3C, Omar's KD takes KS)."""
    typed = twin(log)
    for args in (("8S", "--takes", "5H 3C"), ("KD", "--takes", "KS")):
        cli("play", *args, "-f", str(log))
        cli("play", *args, "-f", str(typed))
    return typed


def test_the_state_is_show_json_with_the_digest_and_the_entries(log: Path) -> None:
    served = Served(log=log)
    c = client(served)
    r = c.get(f"{table_url(served)}/state")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    shown = json.loads(cli("show", "--json", "-f", str(log)))
    assert json.loads(r.text) == shown | {"digest": digest(log), "entries": 1}


def test_a_play_is_written_byte_for_byte_as_the_cli_writes_it(log: Path) -> None:
    c, url = at_table(log)
    typed = twin(log)
    status, body = entry(c, url, {"base": 1, "command": "play", "cards": ["8S"], "takes": "5H 3C"})
    assert (status, body) == (200, {"ok": True, "entries": 2, "said": "Ali: 8♠ takes 5♥ 3♣"})
    cli("play", "8S", "--takes", "5H 3C", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()
    body2 = {"base": 2, "command": "play", "cards": "KD", "takes": "KS", "note": "quick"}
    assert entry(c, url, body2)[0] == 200
    cli("play", "KD", "--takes", "KS", "--note", "quick", "-f", str(typed))
    assert entry(c, url, {"base": 3, "command": "undo"})[1]["entries"] == 2
    cli("undo", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()


def test_a_refused_play_says_its_rule_and_legal_plays_and_writes_nothing(log: Path) -> None:
    served = Served(log=log)
    c = client(served)
    before = log.read_bytes()
    status, body = entry(
        c, table_url(served), {"base": 1, "command": "play", "cards": ["8S"], "takes": "5H"}
    )
    assert status == 409 and body["ok"] is False and body["rule"] == "basra.capture.group"
    assert body["message"].startswith("5H is not a union of groups an 8 can take")
    listed = json.loads(cli("options", "8S", "--json", "-f", str(log)))
    assert body["legal"] == listed["options"] and body["more"] == listed["more"] == 0
    assert [o["takes"] for o in body["legal"]] == [["5H", "3C"], []]
    assert log.read_bytes() == before


def test_an_entry_built_on_an_old_log_is_refused_as_stale(log: Path) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    status, body = entry(c, url, {"base": 0, "command": "play", "cards": ["8S"], "trail": True})
    assert status == 409 and body["rule"] == "serve.stale" and body["legal"] == []
    assert "the log changed" in body["message"]
    wrong = {"base": 1, "digest": "0" * 64, "command": "play", "cards": ["8S"], "trail": True}
    assert entry(c, url, wrong)[1]["rule"] == "serve.stale"
    assert log.read_bytes() == before
    right = wrong | {"digest": digest(log)}
    assert entry(c, url, right)[0] == 200


def test_a_change_at_the_cli_makes_the_page_stale(log: Path) -> None:
    c, url = at_table(log)
    fields = form_fields(c.get(url).text)
    cli("play", "8S", "--trail", "-f", str(log))  # another phone, or the terminal
    after = log.read_bytes()
    r = c.post(url, data=fields | {"command": "play", "cards": "KD", "choice": "KS"})
    assert r.status_code == 409 and "serve.stale" in r.text
    assert "the log changed" in r.text and "8♠" in r.text  # the log as it is now
    assert log.read_bytes() == after


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ([1, 2], "expected a JSON object"),
        ({"command": "play", "cards": ["8S"]}, "base must be"),
        ({"base": -1, "command": "undo"}, "base must be"),
        ({"base": 1, "command": "new", "game": "basra"}, "command is one of"),
        ({"base": 1, "command": "play", "cards": ["8S"], "file": "/etc/passwd"}, "names a file"),
        ({"base": 1, "command": "play", "cards": ["8S"], "-f": "x.toml"}, "not an option"),
        ({"base": 1, "command": "play", "cards": ["8S"], "trail": "yes"}, "must be true or"),
        ({"base": 1, "command": "play", "cards": [8]}, "must be a list"),
        ({"base": 1, "command": "play"}, "play needs cards"),
        ({"base": 1, "command": "play", "cards": ["8S"], "note": "\ud800"}, "surrogate"),
        ({"base": 1, "command": "amend", "deal": 0, "play": 1, "delete": True}, "whole number"),
        ({"base": 1, "command": "play", "cards": ["8S", "9S"]}, "one card at a time"),
        ({"base": 1, "command": "play", "cards": ["8S"], "takes": " "}, "--takes needs"),
    ],
)
def test_a_body_that_is_not_a_table_command_is_a_400(log: Path, body: object, said: str) -> None:
    served = Served(log=log)
    c = client(served)
    before = log.read_bytes()
    r = c.post(
        f"{table_url(served)}/entry",
        content=json.dumps(body),
        headers={"content-type": "application/json"},
    )
    answer = json.loads(r.text)
    assert r.status_code == 400 and answer["rule"] == "serve.request", answer
    assert said in answer["message"]
    assert log.read_bytes() == before


def test_bura_leads_declarations_and_claims_through_json(tmp_path: Path) -> None:
    log = new_match(tmp_path, game="bura")
    c, url = at_table(log)
    typed = twin(log)
    steps = [
        ({"command": "play", "cards": ["AS", "10S"]}, ("play", "AS", "10S")),
        ({"command": "play", "cards": ["6H", "7H"]}, ("play", "6H", "7H")),
        (
            {"command": "declare", "name": "molodka", "cards": ["AC", "10C", "KC"], "by": "Ivan"},
            ("declare", "molodka", "AC", "10C", "KC", "--by", "Ivan"),
        ),
        ({"command": "play", "cards": ["AH"]}, ("play", "AH")),
        ({"command": "play", "cards": ["6C"]}, ("play", "6C")),
        ({"command": "claim", "by": "Ivan"}, ("claim", "--by", "Ivan")),
    ]
    for base, (body, typed_args) in enumerate(steps, 1):
        status, answer = entry(c, url, body | {"base": base})
        assert status == 200, answer
        cli(*typed_args, "-f", str(typed))
    assert "claims 31" in answer["said"]
    assert log.read_bytes() == typed.read_bytes()


def test_amend_insert_and_delete_as_the_cli_does(log: Path) -> None:
    c, url = at_table(log)
    typed = played_twice(log)
    body = {
        "base": 3,
        "command": "amend",
        "deal": 1,
        "play": 2,
        "cards": ["4C"],
        "trail": True,
        "insert": True,
    }
    status, answer = entry(c, url, body)  # KD moves to Ali, whose turn it then is
    assert (status, answer["entries"]) == (200, 4), answer
    cli("amend", "--deal", "1", "--play", "2", "4C", "--trail", "--insert", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()
    for base in (4, 3):  # the inserted play, then KD: deleted as the CLI deletes them
        body = {"base": base, "command": "amend", "deal": 1, "play": 2, "delete": True}
        assert entry(c, url, body)[0] == 200
        cli("amend", "--deal", "1", "--play", "2", "--delete", "-f", str(typed))
    body = {"base": 2, "command": "amend", "deal": 1, "play": 1, "cards": ["8S"], "trail": True}
    assert entry(c, url, body)[0] == 200
    cli("amend", "--deal", "1", "--play", "1", "8S", "--trail", "-f", str(typed))
    body = {"base": 2, "command": "amend", "rename": ["Omar=Omar Sharif"]}
    assert entry(c, url, body)[1]["entries"] == 2  # a header change counts no entry
    cli("amend", "--rename", "Omar=Omar Sharif", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()


def test_a_form_records_and_the_page_says_it_back(log: Path) -> None:
    c, url = at_table(log)
    typed = twin(log)
    page = c.get(url)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    fields = form_fields(page.text)
    r = c.post(url, data=fields | {"command": "play", "cards": "8S", "choice": "5H 3C"})
    assert r.status_code == 303 and r.headers["location"] == url
    cli("play", "8S", "--takes", "5H 3C", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()
    shown = c.get(url).text
    assert 'class="notice said"' in shown and "Ali: 8♠ takes 5♥ 3♣" in shown
    fields = form_fields(shown)
    r = c.post(url, data=fields | {"command": "undo"})
    assert r.headers["location"] == f"{url}?did=undo"
    assert "The last entry was taken back." in c.get(r.headers["location"]).text


def test_a_refused_form_shows_the_rule_and_the_legal_captures(log: Path) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    fields = form_fields(c.get(url).text)
    r = c.post(url, data=fields | {"command": "play", "cards": "8S", "take": ["5H"]})
    assert r.status_code == 409 and log.read_bytes() == before
    assert "basra.capture.group" in r.text and "5♥ is not a union of groups" in r.text
    assert 'name="choice" value="5H 3C"' in r.text and 'name="choice" value="-"' in r.text


def test_the_captures_of_a_card_without_script(log: Path) -> None:
    c, url = at_table(log)
    page = c.get(url, params={"cards": "7D"}).text  # the "show the captures" button's GET
    assert 'value="7D" checked' in page
    assert 'name="choice" value="5H 3C 9D KS"' not in page  # 5+3+9 > 10: the 7D sweeps no more
    fragment = c.get(f"{url}/choices", params={"cards": "8S"}).text
    assert fragment.count('name="choice"') == 2 and "5♥" in fragment


def test_a_tournament_table_key_opens_its_table_only(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    served = Served(folder=event)
    c = client(served)
    found = urls(served)
    assert [t["table"] for t in found["tables"]] == [1, 2]
    one, two = (path_of(t["url"]) for t in found["tables"])
    assert "Round 1, table 1" in c.get(one).text and "Round 1, table 2" in c.get(two).text
    log1 = event / "round-1" / "table-1.toml"
    state = json.loads(c.get(f"{one}/state").text)
    assert state["players"] == found["tables"][0]["sides"] and state["entries"] == 0
    body = {"base": 0, "command": "deal", "dealer": state["players"][1], "floor": "5H 3C 9D KS"}
    assert entry(c, one, body)[0] == 200
    assert b'floor = "5H 3C 9D KS"' in log1.read_bytes()
    assert b"floor" not in (event / "round-1" / "table-2.toml").read_bytes()


def test_an_old_round_is_read_only_and_the_new_one_opens_at_once(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    served = Served(folder=event)
    c = client(served)
    old = [path_of(t["url"]) for t in urls(served)["tables"]]
    next_round(event, urls(served)["tables"])
    new = [path_of(t["url"]) for t in urls(served)["tables"]]
    assert set(new).isdisjoint(old) and len(new) == 2
    assert "Round 2, table 1" in c.get(new[0]).text
    page = c.get(old[0])
    assert page.status_code == 200 and "read only" in page.text and 'name="token"' not in page.text
    log = event / "round-1" / "table-1.toml"
    before = log.read_bytes()
    assert entry(c, old[0], {"base": 0, "command": "undo"})[0] == 404
    assert c.post(old[0], data={"command": "undo", "base": "0"}).status_code == 404
    assert log.read_bytes() == before


def test_keys_are_random_kept_owner_only_and_never_on_a_log_or_the_public_board(
    tmp_path: Path,
) -> None:
    event = new_event(tmp_path / "cup")
    served = Served(folder=event)
    first = urls(served)
    keys_file = event / "referee-serve-keys.json"
    assert keys_file.stat().st_mode & 0o777 == 0o600
    assert urls(Served(folder=event)) == first  # a restart keeps every address
    keys = [
        first["director"].rsplit("/", 1)[1],
        *(t["url"].rsplit("/", 1)[1] for t in first["tables"]),
    ]
    assert len(set(keys)) == 3 and all(len(k) == 26 for k in keys)  # 128 bits each, base32
    c = client(served)
    board = c.get("/").text
    logs = b"".join(p.read_bytes() for p in event.rglob("*.toml"))
    for key in keys:
        assert key not in board and key.encode() not in logs
    assert "Cafe Cup" in board


def test_the_director_board_and_the_slips(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    served = Served(folder=event)
    c = client(served)
    found = urls(served)
    board = c.get(path_of(found["director"]))
    assert board.status_code == 200
    for t in found["tables"]:
        assert path_of(t["url"]) in board.text
    slips = c.get(path_of(found["director"]) + "/slips").text
    assert len(re.findall(r'<svg viewBox="[^"]*" class="qr"><path ', slips)) == 2
    for t in found["tables"]:
        assert t["url"] in slips
    assert c.get("/d/" + "a" * 26).status_code == 404


def test_the_single_match_board_shows_the_score_sheet(log: Path) -> None:
    served = Served(log=log)
    c = client(served)
    board = c.get("/")
    assert board.status_code == 200 and 'class="sheet"' in board.text
    assert "/s/sheet.css" in board.text and c.get("/s/sheet.css").status_code == 200


def test_the_tag_changes_when_anyone_writes(log: Path) -> None:
    c, url = at_table(log)
    tags = [c.get(f"{url}/tag").text, c.get("/tag").text]
    cli("play", "8S", "--trail", "-f", str(log))
    assert c.get(f"{url}/tag").text != tags[0] and c.get("/tag").text != tags[1]


def test_pages_are_in_the_readers_language(log: Path) -> None:
    c, url = at_table(log)
    page = c.get(url, headers={"accept-language": "ar-EG,ar;q=0.9,en;q=0.8"}).text
    assert '<html lang="ar" dir="rtl">' in page and ">Record<" not in page
    page = c.get(url, params={"lang": "ru"}, headers={"accept-language": "ar"}).text
    assert '<html lang="ru" dir="ltr">' in page and "Записать" in page
    assert '<html lang="fa" dir="rtl">' in c.get("/", headers={"accept-language": "fa"}).text
    assert '<html lang="en"' in c.get(url, headers={"accept-language": "de, *;q=0.5"}).text


def test_the_correction_and_hand_pages_post_as_the_cli_types(log: Path) -> None:
    c, url = at_table(log)
    typed = played_twice(log)
    page = c.get(f"{url}/amend").text
    assert 'value="1/2" selected' in page and "Omar K♦ takes K♠" in page
    fields = form_fields(page) | {"command": "amend", "entry": "1/2", "action": "delete"}
    r = c.post(url, data=fields)
    assert r.status_code == 303 and r.headers["location"] == f"{url}?did=amend"
    cli("amend", "--deal", "1", "--play", "2", "--delete", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()
    fields = form_fields(c.get(f"{url}/amend").text)
    move = {"command": "amend", "entry": "1/1", "action": "replace", "cards": "8S", "trail": "1"}
    assert c.post(url, data=fields | move).status_code == 303
    cli("amend", "--deal", "1", "--play", "1", "8S", "--trail", "-f", str(typed))
    fields = form_fields(c.get(f"{url}/hand").text)
    hand = {"command": "hand", "name": "Omar", "cards": ["KD", "2C", "3D", "4H"]}
    assert c.post(url, data=fields | hand).headers["location"] == f"{url}?did=hand"
    cli("hand", "Omar", "KD", "2C", "3D", "4H", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()


def test_a_forfeit_and_a_bura_lead_of_three_through_the_forms(tmp_path: Path) -> None:
    log = new_match(tmp_path, game="bura")
    c, url = at_table(log)
    typed = twin(log)
    fields = form_fields(c.get(url).text)
    assert (
        c.post(url, data=fields | {"command": "play", "cards": ["AS", "10S", "KS"]}).status_code
        == 303
    )
    cli("play", "AS", "10S", "KS", "-f", str(typed))
    page = c.get(url).text
    assert 'id="forfeit"' in page and 'id="claim"' in page and 'id="declare"' in page
    r = c.post(url, data=form_fields(page) | {"command": "forfeit", "by": "Ivan", "reason": ""})
    assert r.status_code == 303
    cli("forfeit", "--by", "Ivan", "-f", str(typed))
    assert log.read_bytes() == typed.read_bytes()
    said = entry(c, url, {"base": 3, "command": "undo"})[1]["said"]
    assert said.startswith("Removed deal 1, entry 2: Ivan forfeits")


def test_the_servers_language_is_the_pages_when_the_browser_names_none_of_ours(
    log: Path,
) -> None:
    from starlette.testclient import TestClient

    from referee.serve.app import make_app

    served = Served(log=log)
    c = TestClient(make_app(served, "ar"), base_url="http://testserver")
    assert '<html lang="ar" dir="rtl">' in c.get("/", headers={"accept-language": "de"}).text
    assert '<html lang="en"' in c.get("/", headers={"accept-language": "en"}).text


def test_the_public_board_never_shows_a_recorded_hand(tmp_path: Path) -> None:
    log = tmp_path / "match.toml"
    cli("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(log))
    cli("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--hand", "Ali=8S 4C 10C QD",
        "-f", str(log))  # fmt: skip
    served = Served(log=log)
    c = client(served)
    assert "Ali holds" in c.get(table_url(served)).text  # the table's referee sees it
    assert "Ali holds" in c.get(path_of(urls(served)["director"])).text
    board = c.get("/").text
    assert "Ali holds" not in board and "Q♦" not in board and 'class="sheet"' in board


def test_a_thread_says_its_own_language_and_the_process_keeps_its_own() -> None:
    import threading

    from referee.messages import localized, sentence
    from referee.words import lang

    both = threading.Barrier(2)
    said: dict[str, str] = {}

    def speak(code: str) -> None:
        lang.use(code, here=True)
        both.wait()  # both threads have chosen before either speaks
        said[code] = localized(sentence("Record")).lstrip("\u200f") + " " + lang.current()

    threads = [threading.Thread(target=speak, args=(code,)) for code in ("ar", "ru")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert said == {"ar": "تسجيل ar", "ru": "Записать ru"}
    assert localized(sentence("Record")) == "Record" and lang.current() == "en"


def test_pages_asked_at_once_in_three_languages_each_speak_their_own(log: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    c, url = at_table(log)
    words = {"en": ">Record<", "ar": ">تسجيل<", "ru": ">Записать<"}
    asked = [code for _ in range(8) for code in words]
    with ThreadPoolExecutor(6) as pool:
        pages = list(pool.map(lambda code: c.get(url, params={"lang": code}).text, asked))
    for code, page in zip(asked, pages, strict=True):
        assert f'<html lang="{code}"' in page and words[code] in page
        assert all(words[other] not in page for other in words if other != code)


def test_a_played_out_bura_deal_says_on_its_page_that_a_claim_may_still_follow(
    tmp_path: Path,
) -> None:
    """The page says Bura's own words for a page (``bura.may-follow.claim.page``: the form
    is below it), once, beside the state, not the terminal's command (the last entry said
    back leaves it to the state); in Russian, the catalog's."""
    from referee.log.file import dumps, load
    from tests.conftest import SAMPLES

    match, _ = load(SAMPLES / "bura-classic-2p.toml")
    assert match is not None
    log = tmp_path / "match.toml"
    log.write_bytes(dumps(match.prefix(0, 32)))  # the last card played, no claim yet
    c, url = at_table(log)
    page = c.get(url).text
    assert (
        "Deal 1 is finished. Next dealer: Petr. A claim of 31 may still decide this deal, "
        "before the next deal: Claim 31, below."
    ) in page
    assert "referee claim" not in page and page.count("A claim of 31 may still") == 1
    page = c.get(url, params={"lang": "ru"}).text
    assert "её можно записать ниже" in page
