"""The fishing-game family core (Basra, Pasur): the set-up, rounds and turns
(:mod:`.state`), the captures a card can make (:mod:`.captures`, :mod:`.plays`), a play
checked and applied (:mod:`.deal`), what a person sees (:mod:`.view`), the simulated
player (:mod:`.sim`) and the shared sentences (:mod:`.words`). A game of the family is a
package beside it that subclasses :class:`.deal.FishingDeal`."""
