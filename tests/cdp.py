"""A headless Chromium driven through the DevTools protocol over a pipe (``--remote-debugging-pipe``).

The browser reads commands on its file descriptor 3 and writes replies and events on 4, each a JSON
object ended by a NUL byte (the transport Puppeteer's ``pipe: true`` uses), so no websocket package, no
port and no browser download are needed: only the system's ``chromium``.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

#: Where the browser is looked for, in order (Debian's package installs the first).
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class BrowserError(RuntimeError):
    """The browser died, timed out, or answered a command with an error."""


def find() -> str | None:
    """The browser's executable: ``$SONGE_CHROMIUM`` if set (None if it names none), else the first of :data:`NAMES`."""
    if given := os.environ.get("SONGE_CHROMIUM"):
        return shutil.which(given)
    return next((p for n in NAMES if (p := shutil.which(n))), None)


class Browser:
    """One browser process and one page (tab); use as a context manager.

    ``timeout``: seconds any one command (a page load included) may take.
    """

    def __init__(self, executable: str, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="songe-chromium-")
        # Both ends the browser keeps are moved above 9 first, so the two dup2 below never overwrite each other.
        r, self._to_browser = os.pipe()
        self._from_browser, w = os.pipe()
        to_browser_r, from_browser_w = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (r, w))
        os.close(r)
        os.close(w)
        args = [executable, "--headless", "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-gpu",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--disable-background-networking",
                "--force-color-profile=srgb", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # the sandbox refuses to run as root (CI containers)
        # posix_spawn, not Popen's preexec_fn: safe in a process with threads (pytest-xdist's workers).
        self._pid = os.posix_spawn(executable, args, os.environ, file_actions=[
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0), (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_DUP2, to_browser_r, 3), (os.POSIX_SPAWN_DUP2, from_browser_w, 4)])
        self._status: int | None = None
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next = 0
        self._events: list[dict[str, Any]] = []
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
            attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)
            self._session = attached["sessionId"]
            self.call("Page.enable")
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the browser (politely, then by force) and remove its profile."""
        try:
            self.call("Browser.close", session=False)
        except (BrowserError, OSError):
            pass
        if not self._exited(10):
            os.kill(self._pid, signal.SIGKILL)
            self._exited(10)
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self._profile.cleanup()

    def _exited(self, seconds: float) -> bool:
        """Whether the browser has exited (reaped), waiting up to ``seconds``."""
        end = time.monotonic() + seconds
        while self._status is None:
            pid, status = os.waitpid(self._pid, os.WNOHANG)
            if pid:
                self._status = status
            elif time.monotonic() > end:
                return False
            else:
                time.sleep(0.05)
        return True

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"no answer from the browser within {self.timeout:g} s")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise BrowserError(f"the browser exited (wait status {self._status if self._exited(1) else 'unknown'})")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, params: dict[str, Any] | None = None, session: bool = True) -> dict[str, Any]:
        """Send one command and return its result (events that arrive meanwhile are kept for :meth:`wait_for`)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        try:
            os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        except BrokenPipeError:
            raise BrowserError(f"{method}: the browser has exited") from None
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_for(self, event: str) -> dict[str, Any]:
        """The next ``event`` of the page (one already received counts)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for k, e in enumerate(self._events):
                if e["method"] == event:
                    del self._events[k]
                    return e.get("params", {})
            self._events.append(self._read(deadline))

    def open(self, page: Path | str, width: int, height: int, mobile: bool = False) -> None:
        """Load ``page`` (a file or a URL) in a viewport of ``width`` × ``height`` CSS pixels; return once loaded."""
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self._events = [e for e in self._events if e["method"] != "Page.loadEventFired"]
        url = page.resolve().as_uri() if isinstance(page, Path) else page
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise BrowserError(f"cannot load {url}: {result['errorText']}")
        self.wait_for("Page.loadEventFired")
        self.evaluate("document.fonts.ready.then(() => true)")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited), as JSON data."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"script failed: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def fonts(self, selector: str) -> list[str]:
        """The families of the fonts the system drew the first element matching ``selector`` with (most glyphs first)."""
        self.call("DOM.enable")
        self.call("CSS.enable")
        root = self.call("DOM.getDocument")["root"]["nodeId"]
        node = self.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        if not node:
            raise BrowserError(f"no element matches {selector!r}")
        used = self.call("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        return [f["familyName"] for f in sorted(used, key=lambda f: -f["glyphCount"])]

    def screenshot(self, path: Path) -> Path:
        """A PNG of the whole page (beyond the viewport), written to ``path``."""
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "optimizeForSpeed": True})["data"]
        path.write_bytes(base64.b64decode(data))
        return path
