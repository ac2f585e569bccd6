"""Following the ledger for every open board: one poll of SQLite's data version, one render per change."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable

from companion.store import Store

Render = Callable[[int], str]


class Follower:
    """Each board's open feeds, fed the board's new page whenever a commit anywhere changes it.

    Any window's commit bumps the ledger's data version; only then is each watched game read
    again, and its feeds get the page only if it changed. A feed holds the newest page only:
    a slow browser skips to the latest board, it never falls behind.
    """

    def __init__(self, store: Store, render: Render, interval: float = 0.1):
        self.store, self.render, self.interval = store, render, interval
        self.feeds: dict[int, set[asyncio.Queue[str]]] = defaultdict(set)
        self.pages: dict[int, str] = {}

    def subscribe(self, gid: int) -> asyncio.Queue[str]:
        """A new feed of the game's board, holding its page as it is now."""
        if gid not in self.feeds:
            self.pages[gid] = self.render(gid)
        feed: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        feed.put_nowait(self.pages[gid])
        self.feeds[gid].add(feed)
        return feed

    def unsubscribe(self, gid: int, feed: asyncio.Queue[str]) -> None:
        self.feeds[gid].discard(feed)
        if not self.feeds[gid]:
            del self.feeds[gid]
            self.pages.pop(gid, None)

    def refresh(self) -> None:
        """Render every watched game again and hand each changed page to its feeds."""
        for gid, feeds in list(self.feeds.items()):
            page = self.render(gid)
            if page == self.pages.get(gid):
                continue
            self.pages[gid] = page
            for feed in feeds:
                if feed.full():
                    feed.get_nowait()
                feed.put_nowait(page)

    async def run(self) -> None:
        seen = self.store.data_version()
        while True:
            await asyncio.sleep(self.interval)
            version = self.store.data_version()
            if version != seen:
                seen = version
                self.refresh()
