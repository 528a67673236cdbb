// Questlog command line.
