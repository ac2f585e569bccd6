"""`companion serve`: the live boards and the whole app (through textual-serve) from one aiohttp server.

Routes, and nothing else: ``/`` lists the games, ``/board/<id>`` is a game's board and
``/board/<id>/live`` its server-sent feed, ``/app`` is the app itself with ``/app/ws`` and
``/app/static/`` under it. The app always needs the access token; the boards need it too
once the server is reachable from the network. A token in the address is kept in a cookie,
so links and feeds on the same page need not repeat it.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable

import jinja2
from aiohttp import web
from aiohttp_sse import sse_response
from textual_serve.server import Server as TextualServer

from companion.board import Board, board_of
from companion.decks import SUIT_SYMBOLS
from companion.errors import SaveError
from companion.games import GAME_CLASSES
from companion.paths import data_dir
from companion.share import announce, is_loopback, share_lines, sharing_for, withdraw
from companion.store import Store
from companion.web.follow import Follower

COOKIE = "companion_token"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

pages = jinja2.Environment(
    loader=jinja2.PackageLoader("companion.web", "templates"),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)


class BoardServer:
    def __init__(self, store: Store, token: str, shared: bool, interval: float = 0.1, app_command: str | None = None):
        self.store, self.token, self.shared = store, token, shared
        self.follower = Follower(store, self.board_body, interval)
        self.textual = TextualServer(
            app_command or shlex.join([sys.executable, "-m", "companion"]), title="Table companion"
        )
        # textual-serve's own page, loaded from its package; autoescaped like ours
        self.app_page = jinja2.Environment(
            loader=jinja2.FileSystemLoader(self.textual.templates_path), autoescape=True
        ).get_template("app_index.html")

    # --- the web application ---------------------------------------------------------------------
    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        app.add_routes(
            [
                web.get("/", self.games),
                web.get(r"/board/{gid:\d{1,9}}", self.board),
                web.get(r"/board/{gid:\d{1,9}}/live", self.live),
                web.get("/app", self.app_index),
                web.get("/app/ws", self.textual.handle_websocket),
                web.static("/app/static", self.textual.statics_path),
            ]
        )
        app.cleanup_ctx.append(self.following)
        return app

    async def following(self, app: web.Application):
        task = asyncio.create_task(self.follower.run())
        yield
        task.cancel()

    def needs_token(self, request: web.Request) -> bool:
        return self.shared or request.path == "/app" or request.path.startswith("/app/")

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The token check, friendly 404 and 403 pages, and headers that keep every page to itself."""
        given = request.query.get("token")
        held = request.cookies.get(COOKIE)
        origin = request.headers.get("Origin")
        if (not self.shared and not is_loopback(request.url.host or "")) or (
            origin is not None and origin != f"{request.scheme}://{request.host}"
        ):
            # a page of another site (one whose name was pointed at this computer, or that opens the app's
            # websocket) is not the table's: only the addresses the server printed are answered
            return self.error(403, "Not allowed", "Open the address that `companion serve` printed.")
        if given is not None and not secrets.compare_digest(given, self.token):
            return self.error(
                403,
                "Wrong access link",
                "This link's access token is not the one this table's "
                "server uses. Scan the QR code on the scorekeeper's screen again.",
            )
        if self.needs_token(request) and given is None and not (held and secrets.compare_digest(held, self.token)):
            return self.error(
                403,
                "This page needs the table's link",
                "Open it with the link or QR code that `companion serve` shows on the scorekeeper's screen.",
            )
        try:
            response = await handler(request)
        except web.HTTPNotFound:
            return self.error(404, "Not here", "There is no such page on this table's server.", home=True)
        except web.HTTPForbidden:  # a static path that climbs out of its folder
            return self.error(403, "Not allowed", "This server only serves the table's own pages.", home=True)
        if response.prepared:  # a feed or the app's websocket, already under way
            return response
        if given is not None:
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        if not request.path.startswith("/app"):
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    def error(self, status: int, heading: str, message: str, home: bool = False) -> web.Response:
        return self.html("error.html", status, heading=heading, message=message, home=home)

    @staticmethod
    def html(template: str, status: int = 200, **context) -> web.Response:
        """A page whose style and script are its own (a fresh nonce), that asks nothing from outside."""
        nonce = secrets.token_urlsafe(12)
        policy = (
            f"default-src 'none'; style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; connect-src 'self'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        return web.Response(
            status=status,
            text=pages.get_template(template).render(nonce=nonce, **context),
            content_type="text/html",
            headers={"Content-Security-Policy": policy, "Cache-Control": "no-store"},
        )

    # --- the boards -------------------------------------------------------------------------------
    async def games(self, request: web.Request) -> web.Response:
        titles = {kind: cls.title for kind, cls in GAME_CLASSES.items()}
        return self.html("games.html", games=self.store.games(), titles=titles)

    def load_board(self, gid: int) -> Board | None:
        try:
            return board_of(self.store.load(gid).game, gid)
        except SaveError:
            return None

    def board_body(self, gid: int) -> str:
        return pages.get_template("board_body.html").render(board=self.load_board(gid), symbols=SUIT_SYMBOLS)

    async def board(self, request: web.Request) -> web.Response:
        gid = int(request.match_info["gid"])
        board = self.load_board(gid)
        if board is None:
            return self.error(404, f"No game {gid}", f"There is no saved game {gid} here.", home=True)
        return self.html("board.html", board=board, symbols=SUIT_SYMBOLS)

    async def live(self, request: web.Request) -> web.StreamResponse:
        gid = int(request.match_info["gid"])
        if self.load_board(gid) is None:
            raise web.HTTPNotFound()
        feed = self.follower.subscribe(gid)
        try:
            async with sse_response(request, headers={"Cache-Control": "no-store"}) as sse:
                while sse.is_connected():
                    await sse.send(await feed.get())
        finally:
            self.follower.unsubscribe(gid, feed)
        return sse

    # --- the app, through textual-serve -----------------------------------------------------------
    async def app_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, its websocket and assets addressed on the host the browser used."""
        scheme = "wss" if request.secure else "ws"
        text = self.app_page.render(
            font_size=16,
            ping_url="",
            application={"name": "Table companion"},
            app_websocket_url=f"{scheme}://{request.host}/app/ws",
            config={"static": {"url": "/app/static/"}},
        )
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})


def new_token() -> str:
    return secrets.token_urlsafe(16)


def serve(host: str, port: int, say: Callable[[str], None], width: int = 80) -> None:
    """Run the server until Ctrl+C; ``say`` prints the addresses and QR codes for the table.

    The port is bound first, so a port in use is said before any address is printed or recorded."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.create_server((host, port), family=family)
    store = Store()
    os.environ["COMPANION_DATA_DIR"] = str(data_dir())  # the app in the browser opens the same ledger
    sharing = sharing_for(host, port, new_token())
    server = BoardServer(store, sharing.token, sharing.shared)
    for line in share_lines(sharing, width):
        say(line)
    announce(sharing)
    try:
        # a closed tab cancels its feed at once; live feeds and the app's sockets are not waited for at Ctrl+C
        web.run_app(
            server.make_app(),
            sock=listening,
            print=None,
            access_log=None,
            handler_cancellation=True,
            shutdown_timeout=1,
        )
    finally:
        withdraw()
        store.close()
