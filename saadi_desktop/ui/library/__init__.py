"""The library: the imported books, with import and remove (:mod:`.panel`), and a serial's new
chapters appended to the open book (:mod:`.appending`)."""
