"""The words layer and the table's say-back (issue 19's words layer, issue 23 items 1, 3
and 8): each accepted entry said back in one line from the events the game reports as
values; a trail never inferred; a Kozel claim refused for what it is; a claim over lagging
hands told to record the draws first."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import run

GAMES_DIR = Path(__file__).resolve().parent.parent / "referee" / "games"

# Every module of games/ is free of sentences: it reports facts, the words layer says them.
WORDLESS = tuple(sorted(p.name for p in GAMES_DIR.glob("*.py")))


# What a game may take from referee.messages: the facts it reports, never a sentence.
FACT_NAMES = frozenset(("Fact", "Joined", "LegalPlay", "fact", "joined"))


def speaks(path: Path) -> list[str]:
    """Where a module imports anything but the facts from the messages module, imports
    the words layer, or calls sentence/plural_sentence."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "referee.messages":
            found += [
                f"{path.name}:{node.lineno} imports {a.name} from referee.messages"
                for a in node.names
                if a.name not in FACT_NAMES
            ]
        elif isinstance(node, ast.ImportFrom) and node.module == "referee.words":
            found.append(f"{path.name}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Import) and any(
            a.name.startswith(("referee.messages", "referee.words")) for a in node.names
        ):
            found.append(f"{path.name}:{node.lineno} imports the words")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("sentence", "plural_sentence")
        ):
            found.append(f"{path.name}:{node.lineno} calls {node.func.id}")
    return found


def test_wordless_game_modules_build_no_sentence() -> None:
    problems = [p for name in WORDLESS for p in speaks(GAMES_DIR / name)]
    assert problems == []


def fact_codes(path: Path) -> list[tuple[str, int]]:
    """The codes of the facts a module reports (``fact("code", ...)``) and their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.args[0].value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "fact"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def test_every_fact_a_game_reports_has_its_sentence() -> None:
    """A fact without a sentence would be a traceback when said: every code a module of
    games/ names has a template in the words layer's tables (and the check sees codes)."""
    from referee.words.sentences import knows

    used = [
        (p.name, code, line)
        for p in sorted(GAMES_DIR.glob("**/*.py"))
        for code, line in fact_codes(p)
    ]
    assert any(code == "card.dealt-twice" for _, code, _ in used)
    assert [u for u in used if not knows(u[1])] == []


def test_a_fact_is_said_as_its_sentence_in_each_language() -> None:
    """The words layer says a fact as the template it names, singular or plural."""
    from referee.cards import Card
    from referee.messages import fact, joined
    from referee.words.sentences import said

    f = fact("card.dealt-twice", card=Card("7", "D"), first="Ali", second="Omar")
    assert said(f) == "7D is dealt to both Ali and Omar"
    assert said(joined([f, "x"])) == "7D is dealt to both Ali and Omar, x"
    assert said("as it is") == "as it is"


def test_the_check_can_fail(tmp_path: Path) -> None:
    """The check above finds a sentence where there is one: a module that imports the
    words and builds one."""
    module = tmp_path / "speaking.py"
    module.write_text(
        "from referee.messages import sentence\n\n\n"
        "def said() -> str:\n    return sentence('a sentence')\n",
        encoding="utf-8",
    )
    found = speaks(module)
    assert any("imports sentence from referee.messages" in p for p in found)
    assert any("calls sentence" in p for p in found)


def ok(*args: str) -> str:
    done = run(*args)
    assert done.exit_code == 0, done.output
    return str(done.stdout)


def basra(tmp_path: Path) -> str:
    log = str(tmp_path / "b.toml")
    ok("new", "basra", "-p", "Omar", "-p", "Ali", "--no-date", "-f", log)
    ok("deal", "--dealer", "Ali", "--floor", "5D 4C AC 8C", "-f", log)
    return log


def test_a_capture_and_a_trail_are_said_back_first(tmp_path: Path) -> None:
    log = basra(tmp_path)
    out = ok("play", "9D", "--takes", "5D 4C AC 8C", "--ascii", "-f", log).splitlines()
    assert out[0] == "Omar: 9D takes 5D 4C AC 8C - Omar sweeps the floor: a basra."
    assert out[1:] == ["Floor: empty", "To play: Ali"]  # the quiet echo: three lines
    out = ok("play", "4H", "--trail", "-f", log).splitlines()
    assert out[0] in ("Ali: 4♥ trails", "Ali: 4H trails")


def test_a_play_without_trail_is_never_recorded_as_a_trail(tmp_path: Path) -> None:
    """decisions.md "At the table": a trail is always explicit."""
    log = basra(tmp_path)
    ok("play", "9D", "--takes", "5D 4C AC 8C", "-f", log)
    before = Path(log).read_bytes()
    done = run("play", "3S", "-f", log)  # takes nothing on an empty floor
    assert done.exit_code == 1
    assert "[basra.trail]" in done.stderr and "add --trail" in done.stderr
    assert Path(log).read_bytes() == before
    assert ok("play", "3S", "--trail", "--ascii", "-f", log).splitlines()[0] == "Ali: 3S trails"


def bura(tmp_path: Path) -> str:
    log = str(tmp_path / "u.toml")
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date", "-f", log)
    ok("deal", "--dealer", "Ivan", "--trump", "9H", "--hand", "Ivan=6H 7H AH", "-f", log)
    return log


def test_trick_plays_say_who_holds_the_trick(tmp_path: Path) -> None:
    log = bura(tmp_path)
    said = [
        ok("play", *cards, "--ascii", "-f", log).splitlines()
        for cards in (("AS", "10S"), ("6H", "7H"), ("AH",), ("6C",))
    ]
    assert said[0] == ["Petr leads AS 10S", "Trick: Petr AS 10S", "Ivan to follow"]
    assert said[1][0] == "Ivan plays 6H 7H and holds the trick - Ivan takes trick 1."
    assert said[1][1:] == [
        "Deal 1, dealt by Ivan; trump 9H; 1 trick played; stock 26",
        "Ivan to lead",
    ]
    assert said[2][0] == "Ivan leads AH"
    beaten = "Petr plays 6C, not beating AH; Ivan holds the trick - Ivan takes trick 2."
    assert said[3][0] == beaten


def test_two_cards_that_do_not_beat_two_are_said_right(tmp_path: Path) -> None:
    """Issue 37: "6H 7H holds the trick", "does not beat": the player plays the cards."""
    log = str(tmp_path / "u.toml")
    ok("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date", "-f", log)
    ok("deal", "--dealer", "Ivan", "--trump", "9H", "-f", log)
    ok("play", "AS", "10S", "-f", log)
    out = ok("play", "6C", "7C", "--ascii", "-f", log).splitlines()
    said = "Ivan plays 6C 7C, not beating AS 10S; Petr holds the trick - Petr takes trick 1."
    assert out[0] == said


def test_a_claim_over_lagging_hands_says_to_record_the_draws(tmp_path: Path) -> None:
    """Issue 23 item 3: Ivan's hand lists 3 cards though he has received 6."""
    log = bura(tmp_path)
    for cards in (("AS", "10S"), ("6H", "7H"), ("AH",), ("6C",)):
        ok("play", *cards, "-f", log)
    before = Path(log).read_bytes()
    done = run("claim", "-f", log)
    assert done.exit_code == 1
    assert "[deal.conservation]" in done.stderr
    assert "lists 3 cards; they received 6" in done.stderr
    assert "record the draws first: referee hand Ivan CARDS" in done.stderr
    assert Path(log).read_bytes() == before


def test_kozel_claim_before_any_deal_says_kozel_has_no_claims(tmp_path: Path) -> None:
    log = str(tmp_path / "k.toml")
    ok("new", "kozel", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--no-date", "-f", log)
    done = run("claim", "-f", log)
    assert done.exit_code == 2
    assert "[log.play]" in done.stderr and "has no claims" in done.stderr
    assert "[log.deal]" not in done.stderr


def test_explain_says_why_a_seven_of_diamonds_did_not_sweep(tmp_path: Path) -> None:
    """Issue 23 item 4: the rule and the floor sum that made the 7D an ordinary 7."""
    log = str(tmp_path / "s.toml")
    ok("new", "basra", "-p", "Omar", "-p", "Ali", "--no-date", "-f", log)
    ok("deal", "--dealer", "Ali", "--floor", "5D 2C 9S 8H", "-f", log)
    ok("play", "7D", "--takes", "5D 2C", "-f", log)
    out = ok("explain", log, "--deal", "1", "--play", "1")
    rules = next(line for line in out.splitlines() if line.startswith("Rules:"))
    assert rules.split()[1] == "[basra.seven-diamonds],"
    assert "numerals add up to 24, over the 10" in out


def test_a_refused_seven_of_diamonds_sweep_names_the_rule_and_the_sum(tmp_path: Path) -> None:
    """The dispute itself: "my 7D sweeps!" on a floor adding to 28 is refused with both
    rules that decide it and the sum; nothing is written."""
    log = tmp_path / "s.toml"
    ok("new", "basra", "-p", "Omar", "-p", "Ali", "--no-date", "-f", str(log))
    ok("deal", "--dealer", "Ali", "--floor", "9H 8C 6S 5D", "-f", str(log))
    before = log.read_bytes()
    done = run("play", "7D", "--takes", "9H 8C 6S 5D", "-f", str(log))
    assert done.exit_code == 1
    assert done.stderr.startswith("referee: [basra.capture.group]")
    assert "numerals add up to 28, over the 10" in done.stderr
    assert "[basra.seven-diamonds]" in done.stderr
    assert log.read_bytes() == before


def test_a_basra_score_counts_the_cards_each_side_took() -> None:
    """Issue 23 item 6: beside the 30-point award, the cards behind it (43 to 9)."""
    log = str(Path(__file__).resolve().parent / "fixtures" / "basra-egyptian-2p.toml")
    out = ok("score", log).splitlines()
    assert "cards taken" in out[1]
    first = [line.split() for line in out[3:5]]
    assert first[0][:5] == ["1", "Ali", "1", "9", "jacks"]
    assert first[1][:4] == ["Omar", "52", "43", "cards"]


def test_the_entry_that_ends_a_match_reports_its_outcomes_as_values(tmp_path: Path) -> None:
    """The last play of a sample, entered again: the deal scored, the totals and the winner
    are values (issue 19), said by the words layer in the lines the table prints."""
    import shutil

    from referee.games.outcomes import DealScored, MatchDecided, MatchTotals
    from referee.log.file import load_bytes
    from referee.record import FishPlay
    from referee.table.session import Table
    from referee.words.events import outcome_said

    sample = Path(__file__).resolve().parent.parent / "sample_games" / "basra-egyptian-2p.toml"
    log = tmp_path / "m.toml"
    shutil.copyfile(sample, log)
    match, _ = load_bytes(sample.read_bytes())
    assert match is not None
    last = match.deals[-1].plays[-1]
    assert isinstance(last, FishPlay)
    assert run("undo", "-f", str(log)).exit_code == 0
    recorded = Table(log).play((last.card,), last.takes, not last.takes, last.by)
    outcomes = recorded.outcomes()
    assert [type(o) for o in outcomes] == [DealScored, MatchTotals, MatchDecided]
    scored, totals, decided = outcomes
    assert isinstance(scored, DealScored) and scored.deal == len(match.deals)
    assert isinstance(totals, MatchTotals) and isinstance(decided, MatchDecided)
    assert decided.winner == "Omar" and totals.totals == {"Ali": 98, "Omar": 134}
    assert str(outcome_said(decided)) == "Omar wins the match."
    assert str(outcome_said(totals)) == "Match totals: Ali 98, Omar 134 (target 101)."
    assert str(outcome_said(scored)).startswith(f"Deal {scored.deal} is over: Ali ")


def test_a_code_that_names_a_game_is_in_that_games_words() -> None:
    """The words layer reads a code's game (``basra.``) or family (``fishing.``) words
    alone: every code of a game's words names a game or family whose words hold it."""
    from importlib import import_module

    from referee.registry import GAMES

    codes, astray = 0, []
    for game in GAMES.values():
        for module in game.words:
            for code in import_module(module).SENTENCES:
                owner = code.partition(".")[0]
                codes += 1
                if not any(
                    module in g.words for g in GAMES.values() if owner in (g.name, g.family)
                ):
                    astray.append((module, code))
    assert codes > 200
    assert astray == []


def test_every_variant_and_score_part_is_said_by_its_games_words() -> None:
    """Each variant's word and each part of a score (in every sample match) comes from the
    game's own words or its family's, in English and in Russian."""
    from referee.log.file import load
    from referee.match import replay
    from referee.registry import GAMES
    from referee.words import lang
    from referee.words.sentences import knows
    from referee.words.terms import breakdown_word, variant_said

    from .conftest import SAMPLES

    for name, game in GAMES.items():
        for variant in game.variants:
            assert knows(f"{name}.variant.{variant}"), (name, variant)
    parts: dict[str, set[str]] = {}
    for path in sorted(SAMPLES.glob("*.toml")):
        match, _ = load(path)
        assert match is not None
        for deal in replay(match).deals:
            assert deal.result is not None
            for part in deal.result.breakdown.values():
                parts.setdefault(match.game, set()).update(part)
    assert parts["pasur"] >= {"aces", "jacks", "clubs", "surs"}
    assert parts["kozel"] == {"card_points", "tricks"}
    for game, keys in parts.items():
        for key in keys:
            word = str(breakdown_word(game, key))
            assert word == {"card_points": "card points", "ten_diamonds": "ten diamonds",
                            "two_clubs": "two clubs"}.get(key, key), (game, key)  # fmt: skip
    say = lang.sayer("ru")
    assert say(breakdown_word("pasur", "aces")) == say(breakdown_word("basra", "aces")) != "aces"
    assert say(variant_said("kozel", "classic")) != "classic"
