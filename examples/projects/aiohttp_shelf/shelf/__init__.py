"""A small aiohttp service whose handlers build their repository per request through a factory
given only the request (`shelf(request)`): the repository's methods are followed across
modules, its `find()` as the repository's own, not as str.find."""
