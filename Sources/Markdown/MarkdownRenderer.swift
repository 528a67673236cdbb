// Markdown over cmark-gfm.
