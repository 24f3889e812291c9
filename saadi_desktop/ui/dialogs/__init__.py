"""What every room shows the same way: message boxes and the crash dialog (:mod:`.messages`),
the light and dark themes (:mod:`.theme`), and rich text that quotes a book without fetching or
running anything from it (:mod:`.safe_text`)."""
