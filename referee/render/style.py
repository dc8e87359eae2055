"""A sentence written with its cards as a style shows them (suit symbols, or ASCII)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card
from referee.escape import visible
from referee.messages import Msg, localized, translating

if TYPE_CHECKING:
    from referee.render.tables import Style


def styled(sentence: object, style: Style) -> str:
    """``sentence`` in the reader's language, its cards as ``style`` shows them."""

    if translating() or not isinstance(sentence, Msg):
        return style.text(localized(sentence))

    def value(v: object) -> str:
        if isinstance(v, Card):
            return style.card(v)
        if isinstance(v, (tuple, list)) and v and all(isinstance(c, Card) for c in v):
            return style.cards(v)
        if isinstance(v, Msg):
            return styled(v, style)
        return visible(str(v))

    if sentence.parts is not None:
        return style.text(sentence.template.join(value(p) for p in sentence.parts))
    template = sentence.template
    if sentence.plural is not None and sentence.number != 1:
        template = sentence.plural
    if not sentence.args:
        return style.text(visible(template))
    return style.text(template.format(**{k: value(v) for k, v in sentence.args.items()}))
