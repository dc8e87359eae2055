"""What a person or a script reads, built from the values below: tables and JSON
(:mod:`.tables`), the score sheet as a value (:mod:`.scoresheet`) and its text chart
(:mod:`.textchart`), the reports of the table commands (:mod:`.report`), an accepted entry
said back (:mod:`.announce`) and a sentence with its cards in a style (:mod:`.style`).
The HTML renderers are :mod:`referee.html`'s."""
