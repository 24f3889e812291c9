"""The reading companions, Qt-free: what the memory says as of a reading position.

- :mod:`.views` — the document state as of a position: entities and the summary outline, cut at
  the chunk holding it (the one rule that keeps every view free of spoilers);
- :mod:`.who` — "Who is this?": the card of a name or alias;
- :mod:`.recap` — "Where was I?": the story so far, read off the summary tree;
- :mod:`.timeline` — where each entity is mentioned, from the start to the limit;
- :mod:`.trail` — where a position is, in the book's own words ('Part I › Chapter III').

``saadi who``, ``saadi recap`` and the desktop app's card, recap, entity browser and outline
all read through these.
"""
