"""Indexing a book with the local model: the panel (:mod:`.panel`) in its dock with the Index
menu (:mod:`.dock`), the model choice (:mod:`.model_choice`), the worker thread
(:mod:`.worker`), and what it asks of the core (:mod:`.operations`, no Qt)."""
