"""The table in a browser: live boards and the app over the local network (aiohttp, textual-serve)."""
