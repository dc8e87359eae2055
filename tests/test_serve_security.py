"""``referee serve`` on a café's network: only POST changes anything, a form only with the
server's token, a program only with ``application/json``, no other site's requests (no
CORS), bodies over 64 kB refused, no request naming a file, keys owner-only, and every
bad request a 4xx page in the reader's language, never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.serve.source import Served
from tests.serve_support import (
    at_table,
    cli,
    client,
    entry,
    form_fields,
    new_event,
    new_match,
    path_of,
    table_url,
    urls,
)

PLAY = {"base": 1, "command": "play", "cards": ["8S"], "trail": True}


def test_a_form_without_the_servers_token_changes_nothing(log: Path) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    fields = form_fields(c.get(url).text)
    move = {"command": "play", "cards": "8S", "choice": "-"}
    for token in ("", "0" * 32, fields["token"][:-1] + "x"):
        r = c.post(url, data=fields | move | {"token": token})
        assert r.status_code == 403 and "Refused" in r.text
    assert log.read_bytes() == before
    assert c.post(url, data=fields | move).status_code == 303


def test_one_tables_token_does_not_open_another(tmp_path: Path) -> None:
    event = new_event(tmp_path / "cup")
    served = Served(folder=event)
    c = client(served)
    one, two = (path_of(t["url"]) for t in urls(served)["tables"])
    token = form_fields(c.get(one).text)["token"]
    fields = form_fields(c.get(two).text) | {"token": token}
    r = c.post(two, data=fields | {"command": "deal", "floor": ["5H", "3C", "9D", "KS"]})
    assert r.status_code == 403


def test_a_program_sends_json_and_nothing_else(log: Path) -> None:
    served = Served(log=log)
    c = client(served)
    url = f"{table_url(served)}/entry"
    before = log.read_bytes()
    as_form = c.post(url, data={"base": "1", "command": "play", "cards": "8S", "trail": "1"})
    assert as_form.status_code == 415
    plain = c.post(url, content=json.dumps(PLAY), headers={"content-type": "text/plain"})
    assert plain.status_code == 415 and json.loads(plain.text)["ok"] is False
    broken = c.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert broken.status_code == 400 and json.loads(broken.text)["rule"] == "serve.request"
    assert log.read_bytes() == before


@pytest.mark.parametrize(
    "headers",
    [{"origin": "http://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}],
)
def test_another_sites_requests_are_refused(log: Path, headers: dict[str, str]) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    fields = form_fields(c.get(url).text)
    r = c.post(url, data=fields | {"command": "undo"}, headers=headers)
    assert r.status_code == 403
    r = c.post(f"{url}/entry", json={"base": 1, "command": "undo"}, headers=headers)
    assert r.status_code == 403 and json.loads(r.text)["rule"] == "serve.origin"
    assert log.read_bytes() == before
    same = c.post(
        f"{url}/entry", json={"base": 1, "command": "undo"}, headers={"origin": "http://testserver"}
    )
    assert same.status_code == 200


def test_no_cross_origin_request_is_allowed(log: Path) -> None:
    c, url = at_table(log)
    preflight = c.options(
        f"{url}/entry",
        headers={
            "origin": "http://evil.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
        },
    )
    assert preflight.status_code == 405
    for r in (preflight, c.get(f"{url}/state", headers={"origin": "http://evil.example"})):
        assert not any(k.lower().startswith("access-control-") for k in r.headers)


def test_only_post_changes_anything(log: Path) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    fields = form_fields(c.get(url).text)
    assert c.get(url, params=fields | {"command": "undo"}).status_code == 200
    assert c.get(f"{url}/entry", params={"base": "1", "command": "undo"}).status_code == 405
    for method in ("PUT", "DELETE", "PATCH"):
        assert c.request(method, url, json={"base": 1, "command": "undo"}).status_code == 405
        assert (
            c.request(method, f"{url}/entry", json={"base": 1, "command": "undo"}).status_code
            == 405
        )
    assert log.read_bytes() == before


def test_a_body_over_64_kb_is_refused(log: Path) -> None:
    c, url = at_table(log)
    before = log.read_bytes()
    big = PLAY | {"note": "x" * 70_000}
    r = c.post(f"{url}/entry", json=big, headers={"accept-language": "ar"})
    assert r.status_code == 413 and '<html lang="ar" dir="rtl">' in r.text

    def chunks():  # no Content-Length: the body is counted as it comes
        for _ in range(70):
            yield b"x" * 1024

    r = c.post(f"{url}/entry", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    fields = form_fields(c.get(url).text)
    r = c.post(url, data=fields | {"command": "play", "cards": "8S", "note": "y" * 70_000})
    assert r.status_code == 413
    assert log.read_bytes() == before
    assert entry(c, url, PLAY | {"note": "x" * 60_000})[0] == 200  # under the limit


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/t/nosuchkey", 404),
        ("GET", "/d/nosuchkey", 404),
        ("GET", "/d/nosuchkey/slips", 404),
        ("POST", "/t/nosuchkey", 404),
        ("GET", "/etc/passwd", 404),
        ("GET", "/s/serve-keys.json", 404),
        ("GET", "/s/..%2Fmatch.toml", 404),
        ("GET", "/match.toml", 404),
        ("GET", "/m/match.toml.serve-keys.json", 404),
        ("DELETE", "/", 405),
        ("POST", "/", 405),
    ],
)
def test_every_bad_request_is_a_4xx_page_in_the_readers_language(
    log: Path, method: str, path: str, status: int
) -> None:
    served = Served(log=log)
    c = client(served)
    for lang, word in (
        ("ru", "Здесь ничего нет"),
        ("fa", "اینجا چیزی نیست"),
        ("en", "Nothing here"),
    ):
        r = c.request(method, path, headers={"accept-language": lang})
        assert r.status_code == status, r.text
        assert f'<html lang="{lang}"' in r.text and "Traceback" not in r.text
        assert r.headers["content-type"].startswith("text/html")
        if status == 404:
            assert word in r.text


def test_every_answer_carries_the_security_headers(log: Path) -> None:
    c, url = at_table(log)
    for r in (c.get(url), c.get("/nothing"), c.get("/s/serve.js"), c.get(f"{url}/state")):
        assert "default-src 'none'" in r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
    assert "script-src 'self'" in c.get(url).headers["content-security-policy"]


def test_the_keys_file_is_for_its_owner_only(log: Path) -> None:
    served = Served(log=log)
    found = urls(served)
    keys = served.keys_path
    assert keys.name == "match.toml.serve-keys.json" and keys.stat().st_mode & 0o777 == 0o600
    os.chmod(keys, 0o644)
    assert urls(served) == found and keys.stat().st_mode & 0o777 == 0o600
    keys.write_text("{}")
    assert client(served).get("/tag").status_code == 200  # the public board needs no key
    assert client(served).get("/t/" + "a" * 26).status_code == 409  # the file's problem, said
    result = cli_refused("serve", "-f", str(log), "--urls")
    assert "serve.keys" in result and "not a key file of referee serve" in result


def cli_refused(*args: str) -> str:
    from tests.conftest import run

    result = run(*args)
    assert result.exit_code == 1, result.stdout + result.stderr
    return str(result.stderr)


def test_a_bug_is_a_plain_page_and_one_line_never_a_traceback(
    log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from referee.serve import handlers

    def broken(page: object) -> str:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(handlers, "table_page", broken)
    served = Served(log=log)
    r = client(served).get(table_url(served), headers={"accept-language": "ru"})
    assert r.status_code == 500 and "Traceback" not in r.text and '<html lang="ru"' in r.text
    said = capsys.readouterr().err
    assert "referee: internal error (ZeroDivisionError: a bug)" in said  # the server's language
    assert "Traceback" not in said


def test_a_deal_and_hand_through_the_forms(log: Path) -> None:
    c, url = at_table(log)
    cli("undo", "-f", str(log))
    page = c.get(url).text
    assert 'id="deal"' in page and 'name="floor"' in page
    r = c.post(
        url,
        data=form_fields(page)
        | {"command": "deal", "dealer": "Omar", "floor": ["5H", "3C", "9D", "KS"]},
    )
    assert r.status_code == 303
    typed = new_match(log.parent.parent / "typed")
    assert log.read_bytes() == typed.read_bytes()
