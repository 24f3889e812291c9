"""Deep search, the one search that calls the model: the search panel's "Deep search…"
(:mod:`.search`), the dialog that shows the cost and the bar that follows the run
(:mod:`.dialog`), its worker thread (:mod:`.worker`), and what it asks of the core
(:mod:`.operations`, no Qt)."""
