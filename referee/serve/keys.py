"""The keys of ``referee serve``: one for each table of each round and one for the
director, random (128 bits from :mod:`secrets`), and the secret its forms' tokens are made
with. They are kept in a file only its owner may read, beside what is served, so that a
restart keeps every address; a key is never written into a log or a public page. A lock
file says that a server is running on the folder (a second one is refused)."""

from __future__ import annotations

import base64
import contextlib
import errno
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from referee.log.file import locked, read_path, shown_path, write_atomic, written
from referee.messages import sentence
from referee.problems import Problem, RefereeError

KEY_BYTES = 16  # 128 bits
FORMAT = "referee-serve-keys"
DIRECTOR = "director"
OWNER_ONLY = 0o600


def new_key() -> str:
    """A fresh key: 128 random bits as 26 lower-case letters and digits (base32, easy to
    read off a slip)."""
    return base64.b32encode(secrets.token_bytes(KEY_BYTES)).decode("ascii").rstrip("=").lower()


def _hashed(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8", "replace")).digest()


@dataclass(frozen=True, eq=False)
class Keys:
    """The director's key, each seat's key by its name (``round/table`` or ``match``), and
    the secret the forms' tokens are made with."""

    secret: str
    director: str
    tables: dict[str, str]

    def find(self, key: str) -> str | None:
        """Whose key ``key`` is: :data:`DIRECTOR`, a seat's name, or None. The key is
        looked up by its SHA-256, so the lookup's timing says nothing of the keys."""
        return self.owners().get(_hashed(key))

    @cache  # noqa: B019 - a frozen value: kept as long as the keys it was made from
    def owners(self) -> dict[bytes, str]:
        named = {DIRECTOR: self.director, **self.tables}
        return {_hashed(key): name for name, key in named.items()}

    def token(self, key: str) -> str:
        """The token the server puts in the forms of the page ``key`` opens."""
        mac = hmac.new(self.secret.encode("ascii"), key.encode("utf-8", "replace"), hashlib.sha256)
        return mac.hexdigest()[:32]

    def key_of(self, name: str) -> str | None:
        return self.director if name == DIRECTOR else self.tables.get(name)


def _bad(path: Path, why: str) -> RefereeError:
    said = sentence(
        "{file}: not a key file of referee serve ({error}); move it away and start again "
        "to make new keys (the tables' addresses change)",
        file=shown_path(path),
        error=why,
    )
    return RefereeError([Problem("serve.keys", said)])


def _parse(path: Path, raw: bytes) -> Keys:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise _bad(path, str(e)[:80]) from None
    tables = data.get("tables") if isinstance(data, dict) else None
    ok = (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and all(isinstance(data.get(k), str) and data[k] for k in ("secret", DIRECTOR))
        and isinstance(tables, dict)
        and all(isinstance(k, str) and isinstance(v, str) and v for k, v in tables.items())
    )
    if not ok:
        raise _bad(path, sentence("expected {format}", format=FORMAT))
    return Keys(data["secret"], data[DIRECTOR], dict(tables))  # type: ignore[arg-type]


_read: dict[tuple[str, bytes], Keys] = {}


def _known(path: Path, raw: bytes) -> Keys:
    """The keys in ``raw``, parsed once for the same bytes."""
    key = (str(path), hashlib.sha256(raw).digest())
    found = _read.get(key)
    if found is None:
        found = _parse(path, raw)
        _read.clear()
        _read[key] = found
    return found


def _dumps(keys: Keys) -> bytes:
    data = {"format": FORMAT, "secret": keys.secret, DIRECTOR: keys.director}
    data["tables"] = dict(sorted(keys.tables.items()))  # type: ignore[assignment]
    return (json.dumps(data, indent=1) + "\n").encode("ascii")


def _create(path: Path, names: list[str]) -> None:
    """A new key file that only its owner may read; one that appeared meanwhile is kept."""
    keys = Keys(new_key() + new_key(), new_key(), {n: new_key() for n in names})
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, OWNER_ONLY)
    except FileExistsError:
        return
    except OSError as e:
        raise RefereeError(
            [
                Problem(
                    "log.file", sentence("{file}: {error}", file=shown_path(path), error=e.strerror)
                )
            ]
        ) from None
    written.append(path)  # an interrupt from here on says the file was written
    with os.fdopen(fd, "wb") as out:
        out.write(_dumps(keys))
        out.flush()
        os.fsync(out.fileno())


def _owner_only(path: Path) -> None:
    """Take back any access a key file was given beyond its owner's."""
    with contextlib.suppress(OSError):
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, OWNER_ONLY)


def load_keys(path: Path, names: Iterable[str] = ()) -> Keys:
    """The keys in ``path``, with a new key for each seat of ``names`` it lacks (written
    under the writers' lock, atomically); the file is made on first use."""
    wanted = list(names)
    if not path.exists() and not path.is_symlink():
        _create(path, wanted)
    _owner_only(path)
    keys = _known(path, read_path(path))
    if all(n in keys.tables for n in wanted):
        return keys
    with locked(path) as real:
        keys = _parse(path, read_path(real))
        added = {n: new_key() for n in wanted if n not in keys.tables}
        if added:
            keys = Keys(keys.secret, keys.director, {**keys.tables, **added})
            write_atomic(real, _dumps(keys))
    return keys


def _running(path: Path) -> str:
    """What the lock file of a running server says of it (its address), or ""."""
    try:
        data = json.loads(read_path(path).decode("utf-8"))
        return str(data.get("url", "")) if isinstance(data, dict) else ""
    except (RefereeError, UnicodeDecodeError, ValueError):
        return ""


def running_url(lock: Path) -> str | None:
    """The address of the server holding ``lock`` now, or None when none does."""
    import fcntl

    try:
        fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return _running(lock) or ""
    finally:
        os.close(fd)
    return None


@contextlib.contextmanager
def serving(lock: Path, url: str) -> Iterator[None]:
    """Hold the lock that says a server runs on this folder (or log) for as long as it
    runs; a second server is refused with the first one's address. The lock dies with the
    process, however it ends; a clean stop also removes the file."""
    import fcntl

    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, OWNER_ONLY)
        except OSError as e:
            said = sentence("{file}: {error}", file=shown_path(lock), error=e.strerror)
            raise RefereeError([Problem("log.file", said)]) from None
        written.append(lock)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            if e.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            said = sentence(
                "another referee serve is serving this already, at {url}; stop it first "
                "(Ctrl-C where it runs)",
                url=_running(lock) or "?",
            )
            raise RefereeError([Problem("serve.running", said)]) from None
        try:
            same = os.stat(lock).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # removed by a server stopping meanwhile: lock the file as it is now
    try:
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps({"pid": os.getpid(), "url": url}).encode("utf-8"))
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
