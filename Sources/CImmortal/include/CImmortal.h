#ifndef QUESTLOG_CIMMORTAL_H
#define QUESTLOG_CIMMORTAL_H

/// Makes the native Swift object at `object` immortal, as the compiler makes the objects it lays
/// out in a binary: its count is no longer raised nor lowered, so threads that share it no longer
/// write to it, and it is never freed. Returns 1 when it was made so; 0 when this platform's
/// objects are not laid out as this expects, or when the object is immortal already or keeps its
/// counts in a side table (it has weak references), which is left as it is.
int questlog_make_immortal(void *object);

/// The word that holds the counts of the native Swift object at `object`; 0 on platforms whose
/// objects are not laid out as `questlog_make_immortal` expects.
unsigned long long questlog_count_word(const void *object);

/// The word `questlog_make_immortal` gives an object; 0 where it makes none immortal.
unsigned long long questlog_immortal_word(void);

#endif
