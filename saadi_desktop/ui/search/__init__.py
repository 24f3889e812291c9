"""Search as you type, spoiler-safe: the panel of results (:mod:`.panel`) and the open book's
search session (:mod:`.session`): its searcher built once, its queries run off the GUI thread."""
