#ifndef QUESTLOG_CFILEEXCHANGE_H
#define QUESTLOG_CFILEEXCHANGE_H

/// Swaps the files (or any entries) at `first` and `second` in one step, both of which must exist:
/// `renameat2(2)` with `RENAME_EXCHANGE` on Linux. Returns 0 when they were swapped; -1 with `errno`
/// set otherwise, `ENOSYS` where the system has no such call (the file system may also refuse it,
/// with `EINVAL`), and then nothing was changed.
int questlog_exchange_paths(const char *first, const char *second);

#endif
