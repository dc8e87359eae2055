"""HTML pages (the printable score sheet), rendered from values through Jinja2 templates
with autoescaping. Importing this package imports nothing heavy: Jinja2 is loaded by
:func:`referee.html.sheet.render` only."""
