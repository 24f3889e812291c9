"""The reader: the book's text with its headings and highlights (:mod:`.reader`), the table of
contents (:mod:`.contents`), and back and forward after a jump (:mod:`.history`, no Qt)."""
