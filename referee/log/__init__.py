"""The match log: TOML read (:mod:`.tomlread`) and written (:mod:`.tomlwrite`), the walker
that finds every problem under its key path (:mod:`.schema`), the entries (:mod:`.entries`)
and the log v1 as a mapping (:mod:`.format`), the file on disk with atomic writes and the
writers' lock (:mod:`.file`), and where a command may write (:mod:`.outputs`). Below the
table service; knows no sentence beyond its problems."""
