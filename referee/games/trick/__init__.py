"""The trick-game family core (Bura, Kozel): cards and their strength (:mod:`.cards`),
leads and follows (:mod:`.plays`), the deal's state and its checks (:mod:`.state`,
:mod:`.deal`, :mod:`.ruling`), what a person sees (:mod:`.view`), the simulated player
(:mod:`.sim`) and the shared sentences (:mod:`.words`). A game of the family is a package
beside it that subclasses :class:`.deal.TrickDeal`."""
