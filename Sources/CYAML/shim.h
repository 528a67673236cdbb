#ifndef QUESTLOG_CYAML_SHIM_H
#define QUESTLOG_CYAML_SHIM_H
#include <yaml.h>
#endif
