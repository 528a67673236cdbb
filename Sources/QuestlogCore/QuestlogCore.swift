// Questlog pipeline.
