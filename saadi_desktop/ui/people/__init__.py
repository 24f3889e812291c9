"""People, places and other entities as of the reading position: the entity browser
(:mod:`.browser`) and its timeline strip of where they are mentioned (:mod:`.timeline_strip`)."""
