#ifndef QUESTLOG_CZLIB_SHIM_H
#define QUESTLOG_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 and inflateInit2 are macros, which Swift cannot call.
static inline int questlog_deflateInit2(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

static inline int questlog_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
