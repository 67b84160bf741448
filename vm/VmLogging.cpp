#include "VmLogging.h"

Q_LOGGING_CATEGORY(lcVm, "terrarium.vm", QtInfoMsg)
