"""``referee serve``'s table page in a real browser: Debian's chromium-headless-shell driven
by Playwright on a 360 px touch screen. A whole Basra deal and a Bura deal entered by taps
give the very log the same entries typed at the CLI give; a refused play shows its rule
and the legal captures and writes nothing; a page built before the log changed is
refused, and with script the page follows the change within 2 seconds; an Arabic page is
laid out right to left. Skipped when the browser or Playwright is missing."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.cards import Card
from referee.table.simulate import simulate_match
from tests.serve_support import Server, cli

BROWSER = shutil.which("chromium-headless-shell") or shutil.which("chromium")
try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extras install it
    sync_playwright = None  # type: ignore[assignment]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        BROWSER is None or sync_playwright is None, reason="no headless Chromium or no Playwright"
    ),
]
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert sync_playwright is not None and BROWSER is not None
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=BROWSER, args=FLAGS)
        yield launched
        launched.close()


def phone(browser: Browser, **options: Any) -> Page:
    context = browser.new_context(**PHONE, **options)
    context.set_default_timeout(20_000)
    return context.new_page()


def record(page: Page, form: str = "#play", script: bool = True) -> None:
    """Tap the form's Record button and wait for the answer: put in place by the page's
    script, or (without script) the page the form leads to."""
    button = f"{form} button[type=submit]:not(.step)"
    if not script:
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.tap(button, force=True)
        return
    swaps = page.evaluate("() => Number(document.body.dataset.swaps || 0)")
    page.tap(button, force=True)
    page.wait_for_function("n => Number(document.body.dataset.swaps || 0) > n", arg=swaps)


def tap_cards(page: Page, form: str, name: str, cards: list[str]) -> None:
    for card in cards:  # force: no wait for animation frames, the page is still
        page.tap(f'{form} label:has(input[name="{name}"][value="{card}"])', force=True)


def in_page_order(cards: tuple[Card, ...]) -> list[str]:
    """Cards as a picker sends them: in the order it lists them (suit, then rank)."""
    return [str(c) for c in sorted(cards)]


def new_log(folder: Path, game: str, players: list[str]) -> tuple[Path, Path]:
    """A new match log to tap into, and its twin to type the same entries into."""
    folder.mkdir(parents=True, exist_ok=True)
    logs = folder / "match.toml", folder / "typed.toml"
    for log in logs:
        cli(
            "new",
            game,
            *(x for p in players for x in ("-p", p)),
            "--date",
            "2026-12-01",
            "-f",
            str(log),
        )
    return logs


def tap_deal(page: Page, dealer: str, setup: dict[str, tuple[Card, ...]]) -> list[str]:
    """Tap a deal: the dealer, then each set-up key's cards; the CLI's words for it."""
    page.select_option("#deal select[name=dealer]", dealer)
    typed = ["deal", "--dealer", dealer]
    for key, cards in setup.items():
        summary = page.locator(f'#deal details:has(input[name="{key}"]) summary')
        if summary.count():
            summary.tap()
        tap_cards(page, "#deal", key, in_page_order(cards))
        typed += [f"--{key}", " ".join(in_page_order(cards))]
    record(page, "#deal")
    return typed


def tap_capture(page: Page, card: str, takes: tuple[Card, ...]) -> str:
    """Tap a fishing card, then the choice that takes ``takes`` (or, when none is offered,
    the floor's cards one by one); what the page sent as ``--takes`` ("-": a trail)."""
    tap_cards(page, "#play .picker", "cards", [card])
    values = page.wait_for_function(  # the card's choices, once the server sent them
        """card => { const box = document.getElementById("choices");
          const values = [...box.querySelectorAll("input")].map(e => e.value);
          return box.dataset.for === card && values; }""",
        arg=card,
    ).json_value()
    want = {str(c) for c in takes}
    for i, value in enumerate(values):
        if (value == "-" and not takes) or (value != "-" and set(value.split()) == want):
            page.locator("#choices label").nth(i).tap(force=True)
            return str(value)
    page.tap("#play details.other summary")
    floor = page.eval_on_selector_all('#play input[name="take"]', "els => els.map(e => e.value)")
    taken = [c for c in floor if c in want]
    tap_cards(page, "#play", "take", taken)
    return " ".join(taken)


def tapped_and_typed(
    browser: Browser,
    tmp_path: Path,
    game: str,
    players: list[str],
    tap: Callable[[Page], list[list[str]]],
) -> tuple[Path, Path, list[list[str]]]:
    """A whole deal tapped on a served table's page (``tap`` returns the CLI's words for
    each tap), then the same commands typed at the CLI into the twin log: the served log,
    the typed one and the commands."""
    log, typed = new_log(tmp_path, game, players)
    server = Server("-f", str(log), cwd=tmp_path)
    page = phone(browser)
    try:
        page.goto(server.table())
        commands = tap(page)
        assert "Deal 1 is finished" in page.inner_text("#state")
    finally:
        server.stop()
        page.context.close()
    for args in commands:
        cli(*args, "-f", str(typed))
    return log, typed, commands


def test_a_basra_deal_tapped_is_the_log_the_cli_types(browser: Browser, tmp_path: Path) -> None:
    deal = simulate_match("basra", "egyptian", 2, 5, {}, deals=1).deals[0]

    def tap(page: Page) -> list[list[str]]:
        setup = {k: v for k, v in deal.setup.items() if isinstance(v, tuple) and v}
        commands = [tap_deal(page, deal.dealer, setup)]
        for e in deal.plays:
            takes = tap_capture(page, str(e.card), e.takes)
            record(page)
            commands.append(
                ["play", str(e.card), *(["--takes", takes] if takes != "-" else ["--trail"])]
            )
        return commands

    log, typed, commands = tapped_and_typed(browser, tmp_path, "basra", ["Ali", "Omar"], tap)
    assert len(commands) == 49 and log.read_bytes() == typed.read_bytes()


def test_a_bura_deal_tapped_is_the_log_the_cli_types(browser: Browser, tmp_path: Path) -> None:
    deal = simulate_match("bura", "classic", 2, 3, {}, deals=1).deals[0]
    kinds = [e.kind for e in deal.plays]
    assert {"declare", "claim"} <= set(kinds) and any(len(e.cards) == 3 for e in deal.plays)

    def tap(page: Page) -> list[list[str]]:
        trump = tap_deal(page, deal.dealer, {"trump": (deal.card("trump"),)})
        return [trump, *(tap_trick_entry(page, e) for e in deal.plays)]

    log, typed, _ = tapped_and_typed(browser, tmp_path, "bura", ["Ivan", "Petr"], tap)
    assert log.read_bytes() == typed.read_bytes()


def tap_trick_entry(page: Page, e: Any) -> list[str]:
    """Tap a Bura lead or follow, declaration or claim; the CLI's words for it."""
    cards = in_page_order(e.cards)
    if e.kind == "declare":
        page.tap("details:has(#declare) summary")
        page.tap(f'#declare label:has(input[name="name"][value="{e.declares}"])')
        page.select_option("#declare select[name=by]", e.by)
        tap_cards(page, "#declare", "cards", cards)
        record(page, "#declare")
        return ["declare", e.declares, *cards, "--by", e.by]
    if e.kind == "claim":
        page.select_option("#claim select[name=by]", e.by)
        record(page, "#claim")
        return ["claim", "--by", e.by]
    tap_cards(page, "#play", "cards", cards)
    record(page)
    return ["play", *cards]


@pytest.fixture
def basra(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    log, _ = new_log(tmp_path, "basra", ["Ali", "Omar"])
    cli("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log))
    server = Server("-f", str(log), cwd=tmp_path)
    yield log, server
    server.stop()


def test_a_refused_play_shows_the_rule_and_the_legal_plays(
    browser: Browser, basra: tuple[Path, Server]
) -> None:
    log, server = basra
    before = log.read_bytes()
    page = phone(browser)
    page.goto(server.table())
    tap_cards(page, "#play .picker", "cards", ["8S"])
    page.tap("#play details.other summary")
    tap_cards(page, "#play", "take", ["5H"])
    record(page)
    refused = page.inner_text(".notice.refused")
    assert "basra.capture.group" in refused and "5♥ is not a union of groups" in refused
    offered = page.eval_on_selector_all("#choices input", "els => els.map(e => e.value)")
    assert offered == ["5H 3C", "-"] and page.is_visible("#choices")
    assert log.read_bytes() == before
    page.context.close()


def test_a_stale_page_is_refused_and_a_live_page_follows_the_log(
    browser: Browser, basra: tuple[Path, Server]
) -> None:
    log, server = basra
    still = phone(browser, java_script_enabled=False)  # a phone that only reloads
    still.goto(server.table())
    live = phone(browser)
    live.goto(server.table())
    time.sleep(0.2)
    started = time.monotonic()
    cli("play", "8S", "--takes", "5H 3C", "-f", str(log))  # the CLI, or another phone
    live.wait_for_selector(".notice.stale", timeout=2500)
    assert time.monotonic() - started < 2.0
    assert "Ali: 8♠ takes 5♥ 3♣" in live.inner_text("main")
    after = log.read_bytes()
    record(still, "#undo", script=False)
    said = still.inner_text(".notice.stale")
    assert "serve.stale" in said and "the log changed" in said
    assert "Ali: 8♠" in still.inner_text("main") or "To play: Omar" in still.inner_text("main")
    assert log.read_bytes() == after
    for page in (still, live):
        page.context.close()


def test_an_arabic_page_is_laid_out_right_to_left(
    browser: Browser, basra: tuple[Path, Server]
) -> None:
    _, server = basra
    page = phone(browser, locale="ar-EG", extra_http_headers={"accept-language": "ar"})
    page.goto(server.table())
    assert page.get_attribute("html", "dir") == "rtl" and page.get_attribute("html", "lang") == "ar"
    left, right = page.evaluate(  # where the play form's heading is drawn: its text's box
        """() => { const range = document.createRange();
          range.selectNodeContents(document.querySelector("#play h2"));
          const box = range.getBoundingClientRect(); return [box.left, box.right]; }"""
    )
    assert right > 330 and left > 120, (left, right)  # at the right of the 360 px screen
    assert page.inner_text("#play button.record") == "تسجيل"
    floor = page.locator("#state bdi.cards").first.inner_text()
    assert floor == "5♥ 3♣ 9♦ K♠"  # cards stay left to right inside the Arabic line
    page.context.close()
