"""The table service: one match log checked and changed under the writers' lock
(:mod:`.session`, :mod:`.amend`, :mod:`.checks`), cards and names as typed (:mod:`.typed`),
a deal walked and an entry explained (:mod:`.dealwalk`, :mod:`.explain`), completion by
position (:mod:`.livecomplete`), and the services over many logs (:mod:`.bulk`,
:mod:`.standings`, :mod:`.simulate`). It returns values; the words, the renderers and the
command line say them."""
