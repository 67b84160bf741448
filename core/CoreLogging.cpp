#include "CoreLogging.h"

Q_LOGGING_CATEGORY(lcCore, "terrarium.core", QtInfoMsg)
