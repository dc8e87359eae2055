"""The four games' rules, exactly: the cases the fourth mutation run (issue 36,
docs/mutation.md) found no test for. The simulated dealer's opening floor (seeded: the same
seed gives the same deals), a refused play's rule and fact, a cancelled sur, through the
commands a user types where they reach it."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from .conftest import basra_log, log_text, ok, run


def simulated(tmp_path: Path, *argv: str) -> dict[str, Any]:
    """The one match `referee simulate` writes with ``argv``, read as TOML."""
    ok("simulate", *argv, "--out", str(tmp_path))
    (written,) = tmp_path.glob("*.toml")
    return tomllib.loads(written.read_text("utf-8"))


def verified(tmp_path: Path, text: str) -> tuple[int, list[dict[str, Any]]]:
    """`referee verify --json` on the log ``text``: its exit code and its problems."""
    (tmp_path / "m.toml").write_text(text, "utf-8")
    done = run("verify", str(tmp_path / "m.toml"), "--json")
    return done.exit_code, json.loads(done.stdout)["problems"]


def bura_log(entries: str, rules: str = "") -> str:
    """A one-deal Bura log: Ivan deals, trump 9H."""
    return log_text("bura", [("Ivan", {"trump": '"9H"'}, entries)], '["Ivan", "Petr"]', rules)


# --- the simulated dealer's opening floor ----------------------------------------------------


def test_basra_jacks_replaced_from_the_last_cards_of_the_stock(tmp_path: Path) -> None:
    """[basra.deal.floor] Hands of 23 for two leave 2 cards after the floor; a floor with two
    jacks takes both as replacements (as many as are needed: no redeal), and the jacks are
    the stock for the last round."""
    log = simulated(tmp_path, "basra", "--seed", "18", "--rule", "hand_size=23")
    first = log["deals"][0]
    assert (first["floor"], first["buried"]) == ("10C 7C 6S 8C", "JS JC")
    assert [hand.split()[-1] for hand in first["hands"].values()] == ["JS", "JC"]


@pytest.mark.parametrize(
    ("seed", "pools", "returned"),
    [
        (  # the first shuffle has three of a rank in the pool (qk_redeal): redealt
            208,
            ["2S 8S 7D 3C", "QD 4C 4H 9C", "6C 10S 4H 5H", "AH 5H 4D 8H"],
            [None, None, None, "JH"],
        ),
        (  # the second deal's jack goes back into the deck at a place drawn from 49
            1120,
            ["QS 3S KS AS", "5C 3C 10D 9C", "AH KD QS 9H", "KS AH 8S 10C", "10H 3D QS 10S"],
            [None, "JD", None, None, None],
        ),
        (  # one jack returned and replaced; two kings in a pool stand
            11,
            ["4C 6S 10S 5H", "KD KH 9D AH", "4C QS AD KD", "6C AH 4H 3D", "3C 4S 5S KS"],
            ["JS", None, None, None, None],
        ),
    ],
)
def test_pagat_pasur_opening_pools_of_a_seed(
    tmp_path: Path, seed: int, pools: list[str], returned: list[str | None]
) -> None:
    """[pasur.deal.pool] The simulated dealer: one jack is returned and replaced, two jacks
    or a jack as the replacement redeal, and with qk_redeal three queens or kings redeal
    (two do not). The same seed gives the same pools."""
    log = simulated(tmp_path, "pasur", "--variant", "pagat", "--seed", str(seed))
    assert [d["floor"] for d in log["deals"]] == pools
    assert [d.get("returned") for d in log["deals"]] == returned


# --- Pasur -----------------------------------------------------------------------------------


def test_a_queen_taking_a_king_is_refused_by_the_face_rule(tmp_path: Path) -> None:
    """[pasur.capture.face] A Q takes exactly one Q: `verify` refuses a Q taking a K by
    that rule, with its words (not the numerals' rule of 11), and shows the trail."""
    text = basra_log('{ by = "Ali", card = "QH", takes = "KS" },', game="pasur", variant="standard")
    code, (problem,) = verified(tmp_path, text)
    assert code == 1
    assert (problem["rule"], problem["deal"], problem["play"]) == ("pasur.capture.face", 1, 1)
    assert problem["message"] == "a Q takes exactly one Q, not KS"
    assert [(p["card"], p["takes"], p["trail"]) for p in problem["legal"]] == [("QH", [], True)]


@pytest.mark.parametrize(
    ("card", "takes", "rule", "said", "legal"),
    [
        ("KH", "5H", "pasur.capture.face", "a K takes exactly one K, not 5H", ("KH", ["KS"])),
        (
            "JC",
            "5H",
            "pasur.capture.jack",
            "a jack takes all the jacks and numerals in the pool (5H 3C 9D), never a K or Q",
            ("JC", ["5H", "3C", "9D"]),
        ),
    ],
)
def test_a_refused_capture_shows_the_legal_one_whole(
    tmp_path: Path, card: str, takes: str, rule: str, said: str, legal: tuple[str, list[str]]
) -> None:
    """[pasur.capture.face] [pasur.capture.jack] On the pool 5H 3C 9D KS, a K taking a
    numeral and a jack taking one of three: `verify --json` gives the rule, its words and
    the legal capture as a value, the card played included."""
    play = f'{{ by = "Ali", card = "{card}", takes = "{takes}" }},'
    code, (problem,) = verified(tmp_path, basra_log(play, game="pasur", variant="standard"))
    assert (code, problem["rule"], problem["message"]) == (1, rule, said)
    assert [(p["card"], p["takes"], p["sweep"]) for p in problem["legal"]] == [(*legal, False)]


def clubs_taken(deal: dict[str, Any]) -> dict[str, int]:
    """The clubs each player took in a Pasur deal of a log, counted from its plays: a
    capture takes the card and what it names, a trail stays, the pool left goes to the last
    to capture."""
    pool, taken, last = deal["floor"].split(), dict[str, list[str]](), ""
    for entry in deal["plays"]:
        if names := entry.get("takes", "").split():
            for name in names:
                pool.remove(name)
            taken.setdefault(entry["by"], []).extend([entry["card"], *names])
            last = entry["by"]
        else:
            pool.append(entry["card"])
    taken[last].extend(pool)
    return {p: sum(name.endswith("C") for name in cards) for p, cards in sorted(taken.items())}


def test_clubs_per_club_to_the_leader_or_the_third_player(tmp_path: Path) -> None:
    """[pasur.score.clubs] [pasur.score.clubs-tie] With clubs = per_club, three players: a
    sole leader of 5 clubs scores 5 (1 a club, at most 7); two tied on 5 give the third
    player its 3; two tied on 6 give the third its 1."""
    log = simulated(tmp_path, "pasur", "-n", "3", "--seed", "1", "--rule", "clubs=per_club")
    (path,) = tmp_path.glob("*.toml")
    deals = json.loads(ok("score", str(path), "--json"))["deals"]
    got = [
        (clubs_taken(log["deals"][i]), {s: b["clubs"] for s, b in deals[i]["breakdown"].items()})
        for i in (0, 2, 4)
    ]
    assert got == [
        ({"Dariush": 5, "Kaveh": 4, "Shirin": 4}, {"Dariush": 5, "Shirin": 0, "Kaveh": 0}),
        ({"Dariush": 5, "Kaveh": 3, "Shirin": 5}, {"Dariush": 0, "Shirin": 0, "Kaveh": 3}),
        ({"Dariush": 6, "Kaveh": 6, "Shirin": 1}, {"Dariush": 0, "Shirin": 1, "Kaveh": 0}),
    ]


@pytest.mark.parametrize(
    ("pool", "variant", "extra", "found"),
    [
        (
            "KS KC KD 5H",
            "pagat",
            "",
            [
                (
                    "deals[0].floor",
                    "with qk_redeal, three or more kings in the opening pool force a redeal",
                )
            ],
        ),
        ("KS KC QD 5H", "pagat", "", []),  # two kings stand
        ("QS QC QD KS", "standard", "", []),  # three queens stand without qk_redeal
        (
            "JS KC KD KH",
            "pagat",
            "",
            [
                (
                    "deals[0].floor",
                    "the opening pool may hold no jack; found JS (return it to the deck, or"
                    " redeal if there were two)",
                ),
                (
                    "deals[0].floor",
                    "with qk_redeal, three or more kings in the opening pool force a redeal",
                ),
            ],
        ),
        (
            "5H 3C 9D KS",
            "standard",
            'returned = "JS JC"',
            [("deals[0].returned", "at most one card, a jack, is returned; found JS JC")],
        ),
        (
            "5H 3C 9D KS",
            "standard",
            'returned = "QS"',
            [("deals[0].returned", "at most one card, a jack, is returned; found QS")],
        ),
        ("5H 3C 9D KS", "standard", 'returned = "JS"', []),
    ],
)
def test_the_opening_pool_and_the_returned_jack_checked(
    tmp_path: Path, pool: str, variant: str, extra: str, found: list[tuple[str, str]]
) -> None:
    """[pasur.deal.pool] `verify` on a log's opening pool: three kings under qk_redeal (two
    stand; three queens stand without it), a jack beside them (both said), and what was
    returned: at most one card, a jack."""
    text = basra_log("", floor=pool, game="pasur", variant=variant, extra=extra)
    code, problems = verified(tmp_path, text)
    assert code == (1 if found else 0)
    assert [(p["rule"], p["deal"], p["path"], p["message"]) for p in problems] == [
        ("pasur.deal.pool", 1, path, said) for path, said in found
    ]


# --- Bura's declarations ---------------------------------------------------------------------

AFTER_ONE = '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },\n'


def declared(by: str, name: str, shown: str) -> str:
    return f'{{ by = "{by}", declares = "{name}", cards = "{shown}" }},'


@pytest.mark.parametrize(
    ("entries", "rules", "play", "rule", "said"),
    [
        (
            AFTER_ONE + declared("Ivan", "molodka", "7C 8C"),
            "",
            3,
            "bura.declare.cards",
            "a declaration shows 3 different cards, found 7C 8C",
        ),
        (
            AFTER_ONE
            + declared("Ivan", "molodka", "7C 8C 10C")
            + declared("Ivan", "bura", "7H 8H 10H"),
            "",
            4,
            "bura.declare",
            "Ivan has already declared before this trick",
        ),
        (
            '{ by = "Petr", cards = "6S" },\n' + declared("Ivan", "bura", "7H 8H 10H"),
            "",
            2,
            "bura.declare",
            "a declaration is made at the start of a trick, before the lead, not in the middle"
            " of one",
        ),
        (
            AFTER_ONE + declared("Ivan", "moscow", "AS AD AC"),
            "moscow_needs_trump_ace = true",
            3,
            "bura.declare.cards",
            "with moscow_needs_trump_ace, one of the aces must be AH",
        ),
        (
            AFTER_ONE + declared("Ivan", "bura", "7C 8H 10H"),
            "",
            3,
            "bura.declare.cards",
            "a bura is three trumps (H); 7C 8H 10H is not",
        ),
        (
            AFTER_ONE + declared("Ivan", "moscow", "AS AD KC"),
            "",
            3,
            "bura.declare.cards",
            "a moscow is three aces; AS AD KC is not",
        ),
        (
            AFTER_ONE + declared("Ivan", "little-moscow", "6H 6D 7C"),
            "",
            3,
            "bura.declare.cards",
            "a little moscow is three sixes including 6H; 6H 6D 7C is not",
        ),
        (
            '{ by = "Petr", cards = "8S" },\n{ by = "Ivan", cards = "10S" },\n'
            + declared("Ivan", "little-moscow", "6D 6C 6S"),
            "",
            3,
            "bura.declare.cards",
            "a little moscow is three sixes including 6H; 6D 6C 6S is not",
        ),
        (
            AFTER_ONE + declared("Ivan", "molodka", "7C 8C 10D"),
            "",
            3,
            "bura.declare.cards",
            "a molodka is three cards of one plain (non-trump) suit; 7C 8C 10D is not",
        ),
        (
            AFTER_ONE + declared("Ivan", "molodka", "7H 8H 10H"),
            "",
            3,
            "bura.declare.cards",
            "a molodka is three cards of one plain (non-trump) suit; 7H 8H 10H is not",
        ),
    ],
)
def test_a_refused_declaration_says_its_rule_and_why(
    tmp_path: Path, entries: str, rules: str, play: int, rule: str, said: str
) -> None:
    """[bura.declare] [bura.declare.cards] `verify` on a declaration of two cards, a second
    one by the same player before a trick, one in the middle of a trick, a Moscow without the
    trump ace under moscow_needs_trump_ace, and each combination not made (a bura not of
    trumps, a Moscow not of aces, a little Moscow not of sixes or without the trump six, a
    molodka of two suits or of trumps): its rule and its words."""
    code, (problem,) = verified(tmp_path, bura_log(entries, rules))
    assert code == 1
    assert (problem["rule"], problem["deal"], problem["play"]) == (rule, 1, play)
    assert problem["message"] == said


def test_a_moscow_without_the_trump_ace_stands_by_default(tmp_path: Path) -> None:
    """[bura.declare.cards] Without moscow_needs_trump_ace any three aces are a Moscow:
    `verify` finds nothing wrong with the same log."""
    entries = AFTER_ONE + declared("Ivan", "moscow", "AS AD AC")
    assert verified(tmp_path, bura_log(entries)) == (0, [])


@pytest.mark.parametrize(
    ("entries", "play", "said"),
    [
        ('{ by = "Ivan", claim = true },', 1, "a claim needs at least one complete trick"),
        (
            '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", claim = true },',
            2,
            "a claim is made between tricks, never in the middle of one",
        ),
    ],
)
def test_a_claim_out_of_time_is_refused_with_why(
    tmp_path: Path, entries: str, play: int, said: str
) -> None:
    """[bura.claim] A claim before the first trick and one in the middle of a trick: `verify`
    names the rule and says which."""
    _, (problem,) = verified(tmp_path, bura_log(entries))
    assert (problem["rule"], problem["play"], problem["message"]) == ("bura.claim", play, said)


def test_a_bura_deal_played_out_unclaimed_goes_to_the_most_card_points(tmp_path: Path) -> None:
    """[bura.claim.none] With no_claim = most_points, six players, nobody claimed in the 9th
    deal (the most anyone took is 30): the sole leader, Olga, wins it with her 30 points."""
    log = simulated(tmp_path, "bura", "-n", "6", "--seed", "11", "--rule", "no_claim=most_points")
    ninth = log["deals"][8]["plays"]
    assert not any("claim" in entry or "forfeit" in entry for entry in ninth)
    (path,) = tmp_path.glob("*.toml")
    deal = json.loads(ok("score", str(path), "--json"))["deals"][8]
    assert deal["score"] == {"Ivan": 0, "Petr": 0, "Olga": 1, "Anna": 0, "Boris": 0, "Vera": 0}
    points = {p: b["card_points"] for p, b in deal["breakdown"].items()}
    assert points == {"Ivan": 17, "Petr": 11, "Olga": 30, "Anna": 24, "Boris": 13, "Vera": 25}
    assert "Olga: most card points (30)" in ok("score", str(path))


def test_the_same_deal_is_void_under_the_default_rule(tmp_path: Path) -> None:
    """[bura.claim.none] The same nine deals with no_claim = void (their stored scores
    left out, as a hand-written log has none): the ninth, played out unclaimed, scores
    nobody and says so."""
    simulated(tmp_path, "bura", "-n", "6", "--seed", "11", "--rule", "no_claim=most_points")
    (path,) = tmp_path.glob("*.toml")
    text = path.read_text("utf-8").replace('no_claim = "most_points"', 'no_claim = "void"')
    text = re.sub(r"\n\[deals\.score\]\n(?:\w+ = \d+\n)*", "\n", text)  # stored scores
    path.write_text("\n[[deals]]".join(text.split("\n[[deals]]")[:10]), "utf-8")
    deal = json.loads(ok("score", str(path), "--json"))["deals"][8]
    assert set(deal["score"].values()) == {0}
    assert "played out with no claim" in ok("score", str(path))


def test_a_bura_forfeit_is_explained_by_the_misdraw_rule(tmp_path: Path) -> None:
    """[bura.misdraw] `explain` of a forfeit names its rule and what it does."""
    (tmp_path / "m.toml").write_text(
        bura_log(AFTER_ONE + '{ by = "Petr", forfeit = "drew out of turn" },'), "utf-8"
    )
    said = ok("explain", str(tmp_path / "m.toml"), "--deal", "1", "--play", "3")
    assert "Ruling: legal — Petr loses the deal, as for a false claim." in said
    assert said.rstrip().splitlines()[-1] == "Rules:  [bura.misdraw]"


def test_a_forfeit_after_a_molodka_ends_the_deal(tmp_path: Path) -> None:
    """[bura.misdraw] [bura.declare.priority] A molodka only gives the lead; a forfeit before
    the trick it leads ends the deal all the same: Ivan loses it, Petr scores 2."""
    entries = (
        AFTER_ONE
        + declared("Petr", "molodka", "QC KC AC")
        + '\n{ by = "Ivan", forfeit = "drew out of turn" },'
    )
    (tmp_path / "m.toml").write_text(bura_log(entries), "utf-8")
    (deal,) = json.loads(ok("score", str(tmp_path / "m.toml"), "--json"))["deals"]
    assert deal["score"] == {"Ivan": 0, "Petr": 2}
    assert deal["breakdown"]["Ivan"] == {"card_points": 0, "forfeit": True}


DUEL = (  # two buras: Ivan leads (the priority), Petr's JH takes the deciding trick
    AFTER_ONE
    + declared("Petr", "bura", "JH QH KH")
    + "\n"
    + declared("Ivan", "bura", "7H 8H 10H")
    + '\n{ by = "Ivan", cards = "7H" },\n{ by = "Petr", cards = "JH" },'
)


def test_the_trick_of_two_buras_ends_the_deal(tmp_path: Path) -> None:
    """[bura.declare.priority] The deciding trick's winner wins the deal, said so; an entry
    after it is refused by the declaration's rule, naming the winner."""
    (tmp_path / "m.toml").write_text(bura_log(DUEL), "utf-8")
    assert "Petr: declared bura: won the deciding trick" in ok("score", str(tmp_path / "m.toml"))
    code, (problem,) = verified(tmp_path, bura_log(DUEL + '\n{ by = "Petr", cards = "KS" },'))
    assert (code, problem["rule"], problem["play"]) == (1, "bura.declare.priority", 7)
    assert problem["message"] == "Petr's declaration won the deal; nothing may follow in it"


def test_nothing_follows_a_declaration_before_the_first_trick(tmp_path: Path) -> None:
    """[bura.declare.first] The deal is void and redealt: a play after the declaration is
    refused by that rule, saying why."""
    entries = declared("Petr", "molodka", "AS KS QS") + '\n{ by = "Petr", cards = "AS" },'
    code, (problem,) = verified(tmp_path, bura_log(entries))
    assert (code, problem["rule"], problem["play"]) == (1, "bura.declare.first", 2)
    assert problem["message"] == (
        "a declaration before the first trick voided this deal; it is redealt and nothing"
        " more is recorded in it"
    )


# --- Basra -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("floor", "ruling", "legal"),
    [
        (  # 5 + 3 + 2 + 1 = 11: taken, no basra
            "5S 3H 2C AD",
            "Ruling: legal — Under seven_diamonds = sweep_all the 7♦ takes the whole floor"
            " (5♠ 3♥ 2♣ A♦).",
            "  takes 5♠ 3♥ 2♣ A♦",
        ),
        (  # 10: a basra
            "5S 2H 2C AD",
            "Ruling: legal — Under seven_diamonds = sweep_all the 7♦ takes the whole floor"
            " (5♠ 2♥ 2♣ A♦) and scores a basra.",
            "  takes 5♠ 2♥ 2♣ A♦ (sweep)",
        ),
    ],
)
def test_the_seven_of_diamonds_sweeping_all_scores_up_to_10(
    tmp_path: Path, floor: str, ruling: str, legal: str
) -> None:
    """[basra.seven-diamonds] Under sweep_all (classic) the 7D takes the whole floor and
    scores a basra only when its numerals add up to 10 or less: `explain` at 11 and at 10."""
    play = f'{{ by = "Ali", card = "7D", takes = "{floor}" }},'
    (tmp_path / "m.toml").write_text(basra_log(play, floor=floor, variant="classic"), "utf-8")
    said = ok("explain", str(tmp_path / "m.toml"), "--deal", "1", "--play", "1").splitlines()
    assert said[4:] == [ruling, "Rules:  [basra.seven-diamonds]", "Legal here:", legal]


def test_a_jack_taking_part_of_the_floor_shows_the_whole_floor(tmp_path: Path) -> None:
    """[basra.jack] `verify --json`: the rule, its words and the jack's one legal play, as a
    value with the jack in it."""
    code, (problem,) = verified(tmp_path, basra_log('{ by = "Ali", card = "JD", takes = "5H" },'))
    assert (code, problem["rule"]) == (1, "basra.jack")
    assert problem["message"] == (
        "a jack takes every card on the floor (5H 3C 9D KS), never a part of it and never"
        " trails onto it"
    )
    assert [(p["card"], p["takes"]) for p in problem["legal"]] == [("JD", ["5H", "3C", "9D", "KS"])]
